import { getAddress, isAddress } from 'viem';
import type { Address } from '../kernel/ports';

/**
 * The addressee, normalised (seed 001 step 0.1): `0x…` or CAIP-10 `eip155:<chain>:0x…` on this Home's chain;
 * anything else is refused. The result is checksummed, so every later comparison sees one spelling.
 */
export function normalizeAddressee(
  input: string,
  chainId: number,
): { ok: true; address: Address } | { ok: false; reason: string } {
  const text = input.trim();
  const caip = /^eip155:(\d{1,12}):(0x[0-9a-fA-F]{40})$/.exec(text);
  if (caip !== null) {
    if (Number(caip[1]) !== chainId)
      return { ok: false, reason: `That agent is on chain ${caip[1]}; this Home is on chain ${chainId}.` };
    return { ok: true, address: getAddress(caip[2]!) };
  }
  if (/^0x[0-9a-fA-F]{40}$/.test(text) && isAddress(text, { strict: false }))
    return { ok: true, address: getAddress(text) };
  return { ok: false, reason: 'The addressee must be an agent address (0x…) or eip155:<chain>:0x….' };
}
