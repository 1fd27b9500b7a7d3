import type { HarnessContext } from './context';
import type { ModelPort } from './model-port';
import type { AskControls, StreamPiece } from './turn-controls';

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
