import type { PlannerTrace } from '../../protocol/harness-reply';

/** A fresh plannerTrace; stages append to it as they decide (seed 001 §3 step 12). */
export function newTrace(): PlannerTrace {
  return { plannerUsed: 'none', admission: [], resolutions: [], authority: [], calls: [], notes: [] };
}

/** Appends a note, keeping the trace inside its size caps. */
export function note(trace: PlannerTrace, text: string): void {
  if (trace.notes.length < 16) trace.notes.push(text.slice(0, 300));
}
