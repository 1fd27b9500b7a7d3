import { createHomeAgentProvider, type ProviderWindow } from './provider';

/** Defines `window.homeAgent` once, read-only, so a later script cannot swap the provider out from under the page. */
export function installHomeAgent(win: ProviderWindow & object): void {
  if ('homeAgent' in win) return;
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  const seed = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  Object.defineProperty(win, 'homeAgent', {
    value: createHomeAgentProvider(win, seed),
    enumerable: true,
    configurable: false,
    writable: false,
  });
}
