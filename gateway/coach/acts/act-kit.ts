import { z } from 'zod';
import { COACH_TOOLS } from '../../../src/ontology/health-portal.generated';
import { describeZodError } from '../../../src/protocol/errors';
import { Refusal } from '../../errors';
import type { ActOutcome } from '../loop';
import { admitToolCall } from '../tier-gate';

/**
 * What every act shares (seed 000 step 8): the same tier catalog a button press meets, the tool's input checked
 * against the ontology's own input schema, and a refusal returned to the model verbatim as an `is_error` result with
 * its ✕ line — never thrown past the loop.
 */
const schemas = new Map<string, z.ZodType>();

/** The zod form of a tool's registered input schema (strict: unknown keys are refused, as the schema says). */
export function argsSchemaOf(toolId: string): z.ZodType {
  let schema = schemas.get(toolId);
  if (schema === undefined) {
    schema = z.fromJSONSchema(COACH_TOOLS[toolId]!.inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
    schemas.set(toolId, schema);
  }
  return schema;
}

export const refused = (
  tool: string,
  sentence: string,
  why: { code: string; status: number } = { code: 'bad_arguments', status: 400 },
): ActOutcome => ({
  content: sentence,
  isError: true,
  landed: false,
  acted: { tool, ok: false, summary: sentence, refusal: { code: why.code, status: why.status } },
});

/** A gate's Refusal as the tool result the model reads and the ✕ line the sheet shows. */
export const refusedBy = (tool: string, refusal: Refusal): ActOutcome =>
  refused(tool, refusal.message, { code: refusal.code, status: refusal.status });

export const landed = (tool: string, content: string, summary: string, storedIn?: string): ActOutcome => ({
  content,
  isError: false,
  landed: true,
  acted: { tool, ok: true, summary, ...(storedIn === undefined ? {} : { storedIn }) },
});

/**
 * Runs one act: tier gate, arguments, then the handler. A Refusal (a gate's "no") becomes the tool result in its own
 * words; anything else is a broken invariant and propagates.
 */
export async function runAct<T>(
  toolId: string,
  input: unknown,
  handler: (args: T) => Promise<ActOutcome>,
): Promise<ActOutcome> {
  try {
    admitToolCall({ toolName: toolId });
    const args = argsSchemaOf(toolId).safeParse(input);
    if (!args.success)
      return refused(
        toolId,
        `${toolId} was refused — ${describeZodError(args.error).replace(/^The input was refused — /, '')}`,
      );
    return await handler(args.data as T);
  } catch (error) {
    if (error instanceof Refusal && error.status < 500) return refusedBy(toolId, error);
    throw error;
  }
}
