import { COACH_CARD_SKILLS } from '../../../ontology/health-portal.generated';
import { describeZodError } from '../../../protocol/errors';
import { CoachAnswer, PatientConsultationKind, type ConsultationPart } from '../../../protocol/heartcoach';
import {
  damagedSeen,
  type ExecInput,
  type OutsideAgentContext,
  type StepFailure,
  type StepResult,
} from '../../../harness';
import { grantedCabinet } from './cabinet';

/**
 * The app's consultation as an outside-agent step (DESIGN §6 "The app's consultation", §10 HeartCoach): the person's
 * question, its kind (question, check-in, symptom) and, as one data part, exactly the cabinet folders the person
 * granted HeartCoach with the grant itself. HeartCoach's answer (seed 000 step 12) is checked by schema, then its
 * words come back attributed to HeartCoach — never as the agent's own — and the records it proposes ride on the
 * step's value for the run to file under its own gates (./proposals.ts). Nothing else about the person leaves.
 */
export const HEARTCOACH = { id: 'heartcoach', name: 'HeartCoach' } as const;

/** The card skill that carries each kind (the gateway checks the data part's kind against it). */
export function coachSkillFor(kind: PatientConsultationKind): string {
  const found = Object.values(COACH_CARD_SKILLS).find((s) => s.consultationKind === kind);
  return found?.id ?? 'heartcoach.ask';
}

/** The kind the plan named, else what the words say: a check-in or a symptom report; a question otherwise. */
export function consultationKindOf(planned: unknown, words: string): PatientConsultationKind {
  const named = PatientConsultationKind.safeParse(planned);
  if (named.success) return named.data;
  if (/\bcheck[- ]?in\b/i.test(words)) return 'check-in';
  return 'question';
}

const kept = 'Your question is kept: ask again to send it.';

export async function consultHeartCoach(ctx: OutsideAgentContext, input: ExecInput): Promise<StepResult | StepFailure> {
  const person = input.addressee;
  if (input.asker.toLowerCase() !== person.toLowerCase()) {
    return {
      failed: true,
      code: 'NOT_YOUR_CABINET',
      reason: 'HeartCoach is consulted over your own cabinet only, from your own agent.',
    };
  }
  const held = await ctx.vault.grants.cabinet({ person, agent: HEARTCOACH.id });
  if (held === null) {
    return {
      failed: true,
      code: 'HEARTCOACH_NOT_CONNECTED',
      reason: `HeartCoach is not connected to your Home: connect it in the options page and choose the folders it may read. ${kept}`,
    };
  }
  const { cabinet, folders, skipped, damaged } = await grantedCabinet(ctx, person, held.folders);
  const kind = consultationKindOf(input.args.kind, input.words);
  const question = String(input.args.question ?? input.words).slice(0, 4000);
  const data: ConsultationPart = { cabinet, grant: held.grant, kind };
  const answer = await ctx.agents.send({
    agent: HEARTCOACH.id,
    capability: coachSkillFor(kind),
    text: question,
    asker: input.asker,
    data,
    timeoutMs: ctx.settings.outsideAgentTimeoutMs,
  });
  if (answer.kind === 'unavailable')
    return {
      failed: true,
      code: 'OUTSIDE_AGENT_UNAVAILABLE',
      reason: `HeartCoach did not answer (${answer.reason}). ${kept}`,
    };
  if (answer.kind === 'refused') {
    return {
      failed: true,
      code: answer.code
        .toUpperCase()
        .replace(/[^A-Z0-9_]/g, '_')
        .slice(0, 64),
      reason: `HeartCoach declined: ${answer.message} ${kept}`,
    };
  }
  const parsed = CoachAnswer.safeParse(answer.data);
  if (!parsed.success) {
    return {
      failed: true,
      code: 'OUTSIDE_AGENT_MALFORMED',
      reason: `HeartCoach's answer did not have the shape it promises (${describeZodError(parsed.error).slice(0, 200)}); nothing was filed. ${kept}`,
    };
  }
  const coach = parsed.data;
  const lines = [`${HEARTCOACH.name} says: ${coach.say}`];
  if (coach.because.trim() !== '') lines.push(`Because: ${coach.because}`);
  for (const act of coach.acted) lines.push(`${act.ok ? '✓' : '✕'} ${act.summary}`);
  if (skipped > 0) {
    const unreadable = damaged.length > 0 ? 'could not be read or ' : '';
    const where = damaged.length > 0 ? '; the Vault section of your Home names what could not be read' : '';
    lines.push(
      `(${skipped} record${skipped > 1 ? 's' : ''} in your cabinet ${unreadable}did not fit their folder and ${skipped > 1 ? 'were' : 'was'} not sent${where}.)`,
    );
  }
  const seen = damagedSeen(damaged);
  return {
    ...(seen !== undefined ? { damaged: seen } : {}),
    text: lines.join('\n'),
    rows: coach.acted.map((a) => ({ act: a.tool, outcome: a.ok ? '✓' : '✕', summary: a.summary })),
    value: { kind: 'heartcoach.answer', folders, answer: coach },
    source: 'outside-agent',
    attribution: HEARTCOACH.name,
    observation: 'accepted',
    reconciled: false,
    templated: true,
  };
}
