import { z } from 'zod';
import { EVAL_CASES, type EvalCase } from '../src/ontology/eval-cases.generated';
import { HomeError } from '../src/protocol/errors';

/**
 * The cases an evaluation runs: the ontology's (`--set dev|heldout|all`) or a JSON file (`--cases FILE`) holding an
 * array of { id, ask, asker?, addressee?, expectedBehaviour, expectedSkill?, forbiddenSkill?, expectedReply? } —
 * plus, optionally, the ontology's expectedOptions and startingState. asker and addressee are demo identity ids
 * (alice, missio-nexus, …) or 0x addresses; both default to alice.
 */
const Id = z.string().min(1).max(120);
const Who = z.union([z.string().regex(/^[a-z][a-z-]{1,40}$/), z.string().regex(/^0x[0-9a-fA-F]{40}$/)]);

export const JsonCase = z.strictObject({
  id: Id,
  ask: z.string().min(1).max(2000),
  asker: Who.optional(),
  addressee: Who.optional(),
  expectedBehaviour: z.enum(['route', 'decline', 'clarify', 'several', 'help']),
  expectedSkill: Id.optional(),
  forbiddenSkill: Id.optional(),
  expectedOptions: z.array(Id).min(2).max(12).optional(),
  expectedReply: z.enum(['answer', 'authority_required', 'prompt', 'waiting', 'done', 'refused']).optional(),
  startingState: Id.optional(),
  note: z.string().max(500).optional(),
  category: z
    .string()
    .regex(/^[a-z][a-z-]{1,40}$/)
    .optional(),
  expectedArgs: z
    .array(z.string().regex(/^(?:[1-8]:)?[a-z][A-Za-z]{0,31}=.{1,200}$/))
    .max(16)
    .optional(),
  expectedSays: z.string().min(1).max(200).optional(),
});
export const JsonCases = z.array(JsonCase).min(1).max(5000);

/** A case as the runner uses it (the ontology's shape, with who defaulted). */
export type Case = Omit<EvalCase, 'set' | 'expectedOptions'> & { set: string; expectedOptions?: readonly string[] };

export function casesFromJson(text: string, label: string): Case[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HomeError('EVAL_CASES_INVALID', `${label} is not JSON.`);
  }
  const parsed = JsonCases.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HomeError(
      'EVAL_CASES_INVALID',
      `${label} is not an array of cases: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  const ids = new Set<string>();
  return parsed.data.map((c) => {
    if (ids.has(c.id)) throw new HomeError('EVAL_CASES_INVALID', `${label} has two cases with the id ${c.id}.`);
    ids.add(c.id);
    return { ...c, set: 'file', asker: c.asker ?? 'alice', addressee: c.addressee ?? 'alice' };
  });
}

export function casesFromOntology(set: 'dev' | 'heldout' | 'heldout-2' | 'all'): Case[] {
  return EVAL_CASES.filter((c) => set === 'all' || c.set === set).map((c) => ({ ...c }));
}
