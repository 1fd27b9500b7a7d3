import { announceHomeAgent, type AnnounceWindow } from './announce';
import { createHomeAgentProvider, type ProviderWindow } from './provider';

/**
 * Defines `window.homeAgent` once, read-only, so a later script cannot swap the provider out from under the page,
 * then announces it (announce.ts).
 */
/** Random hex (getRandomValues works on plain-http pages too, where randomUUID does not exist). */
function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A version-4 UUID, as EIP-6963's `info.uuid` is. */
function uuid(): string {
  const hex = randomHex(16);
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function installHomeAgent(win: ProviderWindow & AnnounceWindow & object): void {
  if ('homeAgent' in win) return;
  const seed = randomHex(6);
  const provider = createHomeAgentProvider(win, seed);
  Object.defineProperty(win, 'homeAgent', {
    value: provider,
    enumerable: true,
    configurable: false,
    writable: false,
  });
  announceHomeAgent(win, provider, uuid());
}
