import type { Grounding } from '../ground/ground';
import { helpText } from '../ground/help';
import { isRedFlag } from '../ground/symptoms';
import { urgentAnswer } from '../ground/urgent';
import { stop, type RunEnv, type StopOutcome } from '../kernel/run-env';
import { answerReply, spoken } from '../reply/reply';
import { OTHERS_FUNDS_SHAPE, RED_FLAG_SHAPE, SMALL_TALK_SHAPE } from '../../protocol/local-shapes';
import { UNDERSTANDING } from '../ground/lexicon';
import type { Plan } from './plan-schema';

/**
 * What the grounding answers first, locally, before any judge, planner or model (DESIGN §11): small talk and asks
 * for help are answered with what this agent can do now, from the playbook's example sentences; a red-flag symptom
 * (the doctrine's call-emergency and flag-urgent tiers) goes to HeartCoach's triage as a symptom report when this
 * agent offers it, and its tier's words lead the answer whatever HeartCoach does (reply/urgent-first.ts); where
 * HeartCoach is not offered, the tier's words are the answer. A payment asked out of an organization's treasury,
 * of an agent that moves no treasury's money, is declined in words: this agent pays only from the person's own
 * account, and paying from it instead would be an act the person did not ask for.
 */
export type LocalFirst = { kind: 'plan'; plan: Plan } | StopOutcome | null;

const SMALL_TALK = new Set(['greeting', 'thanks', 'help', 'farewell']);
const CARE_PATH = 'heartcoach.consult';
const PAYMENT = 'payment.usdc.send';
const TREASURY = 'organization.treasury.transfer';
/** The words that name an organization's money: the treasury frame's object words (understanding.ttl). */
const FUNDS = new Set(UNDERSTANDING.frames.filter((f) => f.capability === TREASURY).flatMap((f) => f.objects));

export function localFirst(env: RunEnv, grounding: Grounding): LocalFirst {
  const { state } = env;
  if (SMALL_TALK.has(grounding.act)) {
    decidedHere(state, `${SMALL_TALK_SHAPE}:${grounding.act}`);
    const text = helpText(env.tools, grounding.act);
    return stop(answerReply(state, { text, attributions: [], composedBy: 'template' }, 'help'));
  }
  const funds = grounding.organizationObjects.find((o) => FUNDS.has(o.object));
  if (funds !== undefined && !env.tools.has(TREASURY) && grounding.intents.some((i) => i.capability === PAYMENT)) {
    decidedHere(state, `${OTHERS_FUNDS_SHAPE}:${funds.object}`);
    const text =
      `That money is ${funds.organization}’s, not yours: I pay only from your own account, so I have not planned ` +
      `a payment. A transfer from ${funds.organization}’s ${funds.object} is for its own agent, which its ` +
      `treasurers approve.`;
    return stop(answerReply(state, { text, attributions: [], composedBy: 'template' }, 'unsupported'));
  }
  const symptom = grounding.symptom;
  if (!isRedFlag(symptom)) return null;
  const urgent = urgentAnswer(symptom)!;
  decidedHere(state, `${RED_FLAG_SHAPE}:${symptom.rule?.id ?? symptom.tier}`);
  if (env.tools.has(CARE_PATH) && state.asker.toLowerCase() === state.addressee.toLowerCase())
    return { kind: 'plan', plan: { steps: [{ toolId: CARE_PATH, args: { question: state.words, kind: 'symptom' } }] } };
  return stop({
    kind: 'answer',
    text: urgent.text,
    spoken: spoken(urgent.text),
    urgency: { tier: urgent.tier, colour: urgent.colour, emergencyNumber: urgent.emergencyNumber },
    plannerTrace: state.trace,
  });
}

/** The trace of an ask this stage answered: by this agent's own rules, under its local shape, no skill judged. */
function decidedHere(state: RunEnv['state'], shape: string): void {
  state.trace.plannerUsed = 'compiled';
  state.trace.shape = shape.slice(0, 64);
  state.trace.skillStage = 'skipped';
}
