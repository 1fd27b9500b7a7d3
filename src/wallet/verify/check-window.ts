import type { TimeWindow } from '../../protocol/delegation';
import { refuse, type Verdict } from './verdict';

const when = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** The TimestampEnforcer's rule off chain: valid strictly after `validAfter` and strictly before `validBefore`. */
export function checkWindow(window: TimeWindow, now: number, what: string): Verdict {
  if (now <= window.validAfter)
    return refuse('NOT_YET_VALID', `This ${what} is not valid before ${when(window.validAfter)}.`);
  if (now >= window.validBefore) return refuse('EXPIRED', `This ${what} expired at ${when(window.validBefore)}.`);
  return { ok: true };
}
