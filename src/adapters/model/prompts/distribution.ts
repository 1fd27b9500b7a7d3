import { z } from 'zod';

/**
 * The answer shape shared by the skill judge and the plan-choice judge: a probability for each option id offered,
 * nothing else. The JSON schema lists exactly the offered ids (so the cacheable prefix is stable for the same
 * options); zod refuses an id that was not offered. Summing to one is the harness's declared rule to check, so a
 * distribution that does not is refused there, in words, and recorded in plannerTrace.
 */
export function distributionJsonSchema(ids: readonly string[]): Record<string, unknown> {
  return {
    type: 'object',
    description: 'A probability for each option id; together they sum to 1.',
    properties: Object.fromEntries(ids.map((id) => [id, { type: 'number', minimum: 0, maximum: 1 }])),
    required: [...ids],
    additionalProperties: false,
  };
}

/** Every offered id at most once, each a number in [0, 1]; ids not mentioned count as 0; at least one id. */
export function distributionSchema(ids: readonly string[]) {
  const shape = Object.fromEntries(ids.map((id) => [id, z.number().min(0).max(1).optional()]));
  return z
    .strictObject(shape)
    .refine((d) => Object.keys(d).length > 0, 'names no option')
    .transform((d) => Object.fromEntries(Object.entries(d).filter((e): e is [string, number] => e[1] !== undefined)));
}

/** The options as lines the model reads: `- id: text`. */
export const optionLines = (options: readonly { id: string; text: string }[]): string =>
  options.map((o) => `- ${o.id}: ${o.text}`).join('\n');
