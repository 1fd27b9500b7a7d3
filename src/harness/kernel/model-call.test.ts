import { describe, expect, it } from 'vitest';
import { JudgeResponseSchema } from './model-port';
import { demoContext } from '../testing/context';
import { ZERO_USAGE, scriptedModel } from '../testing/scripted-model';
import { callModel } from './model-call';
import { newTrace } from './trace';

/** A model call's usage as plannerTrace records it: tokens, and the adapter's cost estimate when it has one. */
describe('callModel', () => {
  it('records the cost estimate the adapter reported, and none when it reported none', async () => {
    const { ctx } = await demoContext();
    const model = scriptedModel({
      judge: [
        {
          distribution: { a: 1 },
          usage: {
            model: 'claude-haiku-4-5',
            inputTokens: 1200,
            cachedInputTokens: 1000,
            outputTokens: 40,
            costUsd: 0.000521,
          },
        },
        { distribution: { a: 1 }, usage: { ...ZERO_USAGE } },
      ],
    });
    const trace = newTrace();
    const run = () =>
      callModel({ ...ctx, model }, trace, 'judge', JudgeResponseSchema, (m) =>
        m.judgeSkills({ profile: 'fast', question: 'q', reading: {} as never, options: [], material: [] }),
      );
    expect((await run()).ok).toBe(true);
    expect((await run()).ok).toBe(true);
    expect(trace.calls[0]).toMatchObject({
      role: 'judge',
      model: 'claude-haiku-4-5',
      inputTokens: 1200,
      cachedInputTokens: 1000,
      outputTokens: 40,
      costUsd: 0.000521,
      outcome: 'ok',
    });
    expect(trace.calls[1]).not.toHaveProperty('costUsd');
  });
});
