import type { AuditEvent, ClockPort, DeclaredEffect, EffectSinkPort, IdPort, TracePort } from '../harness';

/**
 * The small ports every composition root needs (DESIGN §6): the wall clock, unguessable ids, the audit trace and the
 * declared-effect sink. The harness never reads the time or draws randomness itself, so these are the only places
 * a real run does.
 */

/** The wall clock (milliseconds since the epoch). */
export const systemClock: ClockPort = { now: () => Date.now() };

/** Ids from crypto.randomUUID (Node 20 and the MV3 worker both have it): unguessable, so a runRef names one run. */
export const randomIds: IdPort = { next: (kind) => `${kind}-${crypto.randomUUID()}` };

/**
 * The audit trace as a bounded ring in memory (the newest `capacity` events), with an optional sink — the worker's
 * console, a test's list. A trace must never fail an ask, so a sink that throws is ignored.
 */
export type RingTrace = TracePort & { readonly events: readonly AuditEvent[] };

export function ringTrace(options: { capacity?: number; sink?: (event: AuditEvent) => void } = {}): RingTrace {
  const capacity = Math.max(1, options.capacity ?? 500);
  const events: AuditEvent[] = [];
  return {
    events,
    event(event) {
      events.push(event);
      if (events.length > capacity) events.splice(0, events.length - capacity);
      try {
        options.sink?.(event);
      } catch {
        // the trace is evidence, never a reason to fail the act it describes
      }
    },
  };
}

/**
 * The declared-effect sink: effects (a notification, a sync) are recorded in memory for the screens to read. A
 * listener that throws fails the effect, not the act — the harness isolates effects (seed 001 step 9.5).
 */
export type RecordedEffects = EffectSinkPort & { readonly emitted: readonly DeclaredEffect[] };

export function recordedEffects(
  options: { capacity?: number; listener?: (effect: DeclaredEffect) => void | Promise<void> } = {},
): RecordedEffects {
  const capacity = Math.max(1, options.capacity ?? 200);
  const emitted: DeclaredEffect[] = [];
  return {
    emitted,
    async emit(effect) {
      await options.listener?.(effect);
      emitted.push(effect);
      if (emitted.length > capacity) emitted.splice(0, emitted.length - capacity);
    },
  };
}
