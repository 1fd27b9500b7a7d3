import type { z } from 'zod';
import type { PlannerTrace } from '../../protocol/harness-reply';
import { describeZodError } from '../../protocol/errors';
import type { HarnessContext } from './context';
import type { ModelPort, ModelRole } from './model-port';

/**
 * One model call, recorded: the response is validated with its schema (a model's answer is untrusted input), the
 * usage goes into plannerTrace.calls, and a failure or an answer that does not parse comes back as a value so the
 * stage can fall back ("a refused judgement, never a guess"). No model configured is also a value.
 */
export type ModelCallResult<T> = { ok: true; value: T } | { ok: false; reason: string };

export async function callModel<
  S extends z.ZodType<{
    usage: {
      model: string;
      inputTokens: number;
      cachedInputTokens: number;
      outputTokens: number;
      costUsd?: number | undefined;
    };
  }>,
>(
  ctx: HarnessContext,
  trace: PlannerTrace,
  role: ModelRole,
  schema: S,
  invoke: (model: ModelPort) => Promise<unknown>,
): Promise<ModelCallResult<z.output<S>>> {
  const model = ctx.model;
  if (model === null) return { ok: false, reason: 'no model is configured' };
  const started = ctx.clock.now();
  const record = (outcome: 'ok' | 'invalid' | 'failed', usage?: z.output<S>['usage'], note?: string) => {
    if (trace.calls.length >= 32) return;
    trace.calls.push({
      role,
      provider: model.provider,
      model: usage?.model ?? 'unknown',
      inputTokens: usage?.inputTokens ?? 0,
      cachedInputTokens: usage?.cachedInputTokens ?? 0,
      outputTokens: usage?.outputTokens ?? 0,
      ...(usage?.costUsd !== undefined ? { costUsd: usage.costUsd } : {}),
      ms: Math.max(0, ctx.clock.now() - started),
      outcome,
      ...(note !== undefined ? { note: note.slice(0, 300) } : {}),
    });
  };
  let raw: unknown;
  try {
    raw = await invoke(model);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the model call failed';
    record('failed', undefined, reason);
    return { ok: false, reason };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const reason = describeZodError(parsed.error);
    record('invalid', undefined, reason);
    return { ok: false, reason };
  }
  record('ok', parsed.data.usage);
  return { ok: true, value: parsed.data };
}
