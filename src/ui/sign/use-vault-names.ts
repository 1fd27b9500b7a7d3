import type { PartyRef } from '../../protocol/harness-reply';
import { useLoad } from '../home/use-load';

/**
 * Names this Home's vault gives the addresses a request names (its agents, contacts, organizations), as parties to
 * show beside them. Display only: the address is what is signed; a name is the person's own label for it.
 */
export function useVaultNames(addresses: readonly `0x${string}`[]): PartyRef[] {
  const { data } = useLoad({ type: 'home.vault.names', addresses: [...addresses] });
  return Object.entries(data?.names ?? {}).map(([address, label]) => ({ word: label, address: address as `0x${string}`, label, arg: '', source: 'vault' as const }));
}
