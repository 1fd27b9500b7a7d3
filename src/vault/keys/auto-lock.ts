import type { VaultClock } from '../clock';
import type { Keyring } from './keyring';
import type { UnlockedSession } from './session-keys';

const MINUTE = 60_000;

/** The moment an unlocked session locks itself: `idleMinutes` after the last activity. */
export function autoLockAt(session: Pick<UnlockedSession, 'lastActiveAt'>, idleMinutes: number): number {
  return session.lastActiveAt + idleMinutes * MINUTE;
}

/** True once the person has been idle for `idleMinutes` (at the deadline itself, too: fail toward locked). */
export function autoLockDue(session: Pick<UnlockedSession, 'lastActiveAt'>, idleMinutes: number, now: number): boolean {
  return now >= autoLockAt(session, idleMinutes);
}

export type AutoLockCheck = { state: 'locked' } | { state: 'locked-now' } | { state: 'unlocked'; nextCheckAt: number };

/**
 * Auto-lock as pure logic over an injected clock: `check()` locks when the idle time the person set has passed and
 * otherwise says when to look again. The background drives it with chrome.alarms (an alarm at nextCheckAt), so it
 * works across worker restarts: the last activity lives in the session store, not in this object.
 */
export function createAutoLock(deps: { keyring: Keyring; idleMinutes: () => Promise<number>; clock: VaultClock }) {
  return {
    check: async (): Promise<AutoLockCheck> => {
      const session = await deps.keyring.session();
      if (session === undefined) return { state: 'locked' };
      const minutes = await deps.idleMinutes();
      if (autoLockDue(session, minutes, deps.clock.now())) {
        await deps.keyring.lock('idle');
        return { state: 'locked-now' };
      }
      return { state: 'unlocked', nextCheckAt: autoLockAt(session, minutes) };
    },
  };
}
