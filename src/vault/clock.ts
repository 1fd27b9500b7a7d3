/** Where the vault reads the time (epoch ms): injected so expiry and stamps are testable. */
export type VaultClock = { now(): number };

/** The wall clock, for the composition root. */
export const systemClock: VaultClock = { now: () => Date.now() };

/** A clock that stands still until moved, for tests. */
export function fixedClock(start: number): VaultClock & { advance(ms: number): void; set(ms: number): void } {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}
