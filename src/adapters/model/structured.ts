import type Anthropic from '@anthropic-ai/sdk';
import type { z } from 'zod';
import type { ModelUsage } from '../../harness';
import { describeZodError } from '../../protocol/errors';
import { modelError } from './errors';
import { callMessages, type CallSpec, type Runtime } from './messages-call';

/**
 * A structured answer: the model must call the one offered tool (tool_choice names it) whose input_schema is the
 * answer's JSON schema; an endpoint without tools may instead answer with strict JSON text (the whole text one
 * JSON object, nothing around it). Either way zod checks it. Anything else — prose, a truncated object, a field
 * that is not in the schema — is refused, never repaired: "a refused judgement, never a guess".
 */
export type StructuredSpec<T> = Omit<CallSpec, 'tools' | 'toolChoice' | 'onText'> & {
  tool: Anthropic.Tool;
  schema: z.ZodType<T>;
  /** What was asked, for the sentence when the answer does not parse ("the judge's answer"). */
  what: string;
};

export async function structuredCall<T>(
  rt: Runtime,
  spec: StructuredSpec<T>,
): Promise<{ value: T; usage: ModelUsage }> {
  const { message, usage } = await callMessages(rt, {
    ...spec,
    tools: [spec.tool],
    toolChoice: { type: 'tool', name: spec.tool.name },
  });
  const raw = answerOf(message, spec.tool.name);
  if (raw === undefined) {
    throw modelError(
      'MODEL_OUTPUT_INVALID',
      `${spec.what} was not the structured answer asked for (stop: ${message.stop_reason ?? 'none'}), so it was not used.`,
      { usage },
    );
  }
  const parsed = spec.schema.safeParse(raw);
  if (!parsed.success) {
    throw modelError(
      'MODEL_OUTPUT_INVALID',
      `${spec.what} did not parse, so it was not used: ${describeZodError(parsed.error, 2)}`,
      { usage },
    );
  }
  return { value: parsed.data, usage };
}

/** The named tool's input, else strict JSON text, else undefined. */
function answerOf(message: Anthropic.Message, toolName: string): unknown {
  const use = message.content.find((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use' && b.name === toolName);
  if (use !== undefined) return use.input;
  if (message.content.some((b) => b.type === 'tool_use')) return undefined;
  const text = message.content
    .filter((b): b is Anthropic.TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('')
    .trim();
  if (!text.startsWith('{') || !text.endsWith('}')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
