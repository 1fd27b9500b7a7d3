import { z } from 'zod';
import { Address, Id, Millis } from '../values';

/** One unlocked key: what a signer needs, held only for the browser session. */
export const UnlockedKey = z.strictObject({
  id: Id,
  purpose: z.enum(['owner', 'harness']),
  address: Address,
  privateKey: z.string().regex(/^0x[0-9a-f]{64}$/, 'a 32-byte private key'),
});
export type UnlockedKey = z.output<typeof UnlockedKey>;

/** The unlocked session: the keys, when it was unlocked, and the last activity (the auto-lock's clock). */
export const UnlockedSession = z.strictObject({
  keys: z.array(UnlockedKey).min(1).max(16),
  unlockedAt: Millis,
  lastActiveAt: Millis,
});
export type UnlockedSession = z.output<typeof UnlockedSession>;

/**
 * Where unlocked key material lives between worker wake-ups (DESIGN §10): `chrome.storage.session` in the
 * extension (src/adapters/chrome/session-store.ts, trusted contexts only), memory in Node. Lock = clear.
 */
export type SessionKeyStore = {
  get(): Promise<UnlockedSession | undefined>;
  set(session: UnlockedSession): Promise<void>;
  clear(): Promise<void>;
};

/** The Node and test implementation: a variable, gone with the process. */
export function memorySessionKeyStore(): SessionKeyStore {
  let held: UnlockedSession | undefined;
  return {
    get: async () => (held === undefined ? undefined : structuredClone(held)),
    set: async (session) => {
      held = structuredClone(UnlockedSession.parse(session));
    },
    clear: async () => {
      held = undefined;
    },
  };
}
