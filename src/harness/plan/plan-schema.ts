import { z } from 'zod';

/**
 * A plan (seed 001 step 5): `{ steps: [{ toolId, args, id?, forEach?, when?, executor? }], rationale? }`. Args may
 * bind to earlier steps (`{ $ref: 's1' }` or `{ $ref: 's1.rows' }`), fan out (`forEach` over a list, `{ $item }`
 * inside the args) or branch (`when`). A plan is a proposal: whatever proposes it (a compiled shape, a judge, a
 * model), admission and authority decide.
 */
export type ArgLiteral = string | number | boolean | null;
export type ArgRef = { $ref: string };
export type ArgItem = { $item: true | string };
export type ArgValue = ArgLiteral | ArgRef | ArgItem | ArgValue[];

const RefPath = z
  .string()
  .regex(/^[A-Za-z][\w-]{0,31}(\.[A-Za-z_][\w]{0,31}){0,3}$/, 'a step reference like s1 or s1.rows');

export const ArgLiteralSchema = z.union([z.string().max(2000), z.number().finite(), z.boolean(), z.null()]);
export const ArgRefSchema = z.strictObject({ $ref: RefPath });
export const ArgItemSchema = z.strictObject({
  $item: z.union([z.literal(true), z.string().regex(/^[A-Za-z_]\w{0,31}$/)]),
});
export const ArgValueSchema: z.ZodType<ArgValue> = z.lazy(() =>
  z.union([ArgLiteralSchema, ArgRefSchema, ArgItemSchema, z.array(ArgValueSchema).max(32)]),
);

export const PlanStepSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z][\w-]{0,31}$/)
    .optional(),
  toolId: z.string().min(1).max(120),
  args: z.record(z.string().regex(/^[A-Za-z_]\w{0,63}$/), ArgValueSchema).default({}),
  forEach: z.union([ArgRefSchema, z.array(ArgLiteralSchema).min(1).max(16)]).optional(),
  when: z.strictObject({ $ref: RefPath, equals: ArgLiteralSchema.optional() }).optional(),
  executor: z.string().min(1).max(120).optional(),
});
export type PlanStep = z.infer<typeof PlanStepSchema>;

/** At most 8 steps parse; admission's own rule holds plans to four (the seed's bound). */
export const PlanSchema = z.strictObject({
  steps: z.array(PlanStepSchema).max(8),
  rationale: z.string().max(1000).optional(),
});
export type Plan = z.infer<typeof PlanSchema>;

export const isRef = (v: unknown): v is ArgRef =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && '$ref' in v;
export const isItem = (v: unknown): v is ArgItem =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && '$item' in v;

/** The id a step is referred to by: its own id, else its position (s1, s2, …). */
export const stepIdOf = (step: PlanStep, index: number): string => step.id ?? `s${index + 1}`;
