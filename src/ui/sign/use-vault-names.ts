import { useEffect, useState } from 'react';
import type { PartyRef } from '../../protocol/harness-reply';
import { useOptionalRequest } from '../home/background-context';

/**
 * Names this Home's vault gives the addresses a request names (its agents, contacts, organizations), as parties to
 * show beside them. Display only: the address is what is signed; a name is the person's own label for it. Without a
 * background (a face that reads nothing from the vault), none.
 */
export function useVaultNames(addresses: readonly `0x${string}`[]): PartyRef[] {
  const request = useOptionalRequest();
  const [names, setNames] = useState<Record<string, string>>({});
  const key = addresses.join(',');
  useEffect(() => {
    if (request === undefined || key === '') return;
    let live = true;
    void request({ type: 'home.vault.names', addresses: key.split(',') as `0x${string}`[] }).then(
      (result) => live && result.ok && setNames(result.data.names),
    );
    return () => {
      live = false;
    };
  }, [request, key]);
  return Object.entries(names).map(([address, label]) => ({
    word: label,
    address: address as `0x${string}`,
    label,
    arg: '',
    source: 'vault' as const,
  }));
}
