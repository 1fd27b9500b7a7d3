import type { HarnessContext } from './context';
import type { ModelPort } from './model-port';

/**
 * What a door may pass with one ask (issue 5: streaming to the side panel, cancellation through AbortSignal). Both are
 * about this turn's model calls only and neither changes what the model is asked or what the harness decides:
 * `onText` shows the text of the two calls a person reads (the composer, an instruction skill) as it arrives —
 * display only, since the harness checks and keeps the response's whole text and a recompose or the grounded
 * fallback may replace what was shown; `signal` aborts the turn's model calls, and the run then ends with a sentence
 * instead of going on (run-ask.ts).
 */
export type StreamPiece = {
  role: 'composer' | 'skill-apply';
  /** 1 for the turn's first streamed call, 2 for the next…: a face starts over when it changes (a recompose). */
  call: number;
  delta: string;
};
export type AskControls = { signal?: AbortSignal; onText?: (piece: StreamPiece) => void };

/** The sentence a run ends with when the person stopped it. */
export const STOPPED_SENTENCE = 'You stopped this answer.';

/** The context of one turn with these controls: its model passes the signal to every call and streams the two. */
export function turnContext(ctx: HarnessContext, controls: AskControls): HarnessContext {
  return { ...ctx, model: ctx.model === null ? null : controlledModel(ctx.model, controls), turn: controls };
}

/** Whether the person stopped this turn. */
export const stoppedByPerson = (ctx: HarnessContext): boolean => ctx.turn?.signal?.aborted === true;

function controlledModel(model: ModelPort, controls: AskControls): ModelPort {
  let calls = 0;
  const signal = controls.signal !== undefined ? { signal: controls.signal } : {};
  const stream = (role: StreamPiece['role']) => {
    const onText = controls.onText;
    if (onText === undefined) return {};
    const call = ++calls;
    return {
      onText: (delta: string) => {
        // A face that throws must not break the run: the stream is display only.
        try {
          onText({ role, call, delta });
        } catch {
          /* display only */
        }
      },
    };
  };
  return {
    provider: model.provider,
    judgeSkills: (r) => model.judgeSkills({ ...r, ...signal }),
    choosePlan: (r) => model.choosePlan({ ...r, ...signal }),
    plan: (r) => model.plan({ ...r, ...signal }),
    compose: (r) => model.compose({ ...r, ...signal, ...stream('composer') }),
    applySkill: (r) => model.applySkill({ ...r, ...signal, ...stream('skill-apply') }),
  };
}
