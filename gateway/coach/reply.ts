import { z } from 'zod';
import { ESCALATION_TIERS, QUESTION_THEMES } from '../../src/ontology/health-portal.generated';
import { describeZodError } from '../../src/protocol/errors';
import { StillToDo } from '../../src/protocol/heartcoach';

/** The coach's reply as the model proposes it in `coach_reply` (seed 000 step 10). */
export const CoachReply = z.strictObject({
  say: z.string().trim().min(1, 'say is required').max(1200),
  because: z.string().max(600).optional(),
  tier: z.enum(ESCALATION_TIERS),
  theme: z.enum(QUESTION_THEMES).optional(),
  stillToDo: z.array(StillToDo).max(4).optional(),
  builtFrom: z.array(z.string().min(1).max(128)).max(50).optional(),
});
export type CoachReply = z.infer<typeof CoachReply>;

/**
 * Validates a proposed reply. `builtFrom` must cite readings the consultation actually had — an id the brief never
 * listed is refused, so an answer cannot claim evidence it did not see. A bad reply is returned to the model as a
 * refused tool result and it tries again within the round budget.
 */
export function validateCoachReply(
  input: unknown,
  knownReadingIds: ReadonlySet<string>,
): { ok: true; reply: CoachReply } | { ok: false; reason: string } {
  const parsed = CoachReply.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      reason: `coach_reply was refused — ${describeZodError(parsed.error).replace(/^The input was refused — /, '')}`,
    };
  const unknown = (parsed.data.builtFrom ?? []).filter((id) => !knownReadingIds.has(id));
  if (unknown.length > 0) {
    return {
      ok: false,
      reason: `coach_reply was refused — builtFrom cites ids this consultation never had: ${unknown.slice(0, 5).join(', ')}.`,
    };
  }
  return { ok: true, reply: parsed.data };
}
