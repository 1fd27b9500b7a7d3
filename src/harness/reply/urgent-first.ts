import type { HarnessReply } from '../../protocol/harness-reply';
import { RED_FLAG_SHAPE } from '../../protocol/local-shapes';
import { UNDERSTANDING } from '../ground/lexicon';
import { symptomOf } from '../ground/symptoms';
import { urgentAnswer, type UrgentAnswer } from '../ground/urgent';
import type { RunState } from '../kernel/run-state';
import { spoken } from './reply';

export { RED_FLAG_SHAPE } from '../../protocol/local-shapes';

/** The red-flag answer for the run's words, when the plan stage read one there. */
export function urgentOf(state: RunState): UrgentAnswer | null {
  if (!(state.trace.shape ?? '').startsWith(RED_FLAG_SHAPE)) return null;
  const symptom = symptomOf(state.words, UNDERSTANDING);
  return symptom === null ? null : urgentAnswer(symptom);
}

/** What a step's reply says in words, for the line after the red-flag words. */
function wordsOf(reply: HarnessReply): string {
  switch (reply.kind) {
    case 'answer':
      return reply.text;
    case 'waiting':
      return reply.text;
    case 'done':
      return reply.result.text;
    case 'refused':
      return reply.error.message;
    default:
      return '';
  }
}

/**
 * A red-flag symptom is answered first, with the doctrine tier's words and the emergency number, whatever the care
 * path did after (HeartCoach answered, is not connected, or did not answer): one answer, the urgent words at its head,
 * the tier on it for the screen to show. A reply that still needs the person (a prompt, a signature) stands as it is.
 */
export function urgentFirst(state: RunState, reply: HarnessReply): HarnessReply {
  const urgent = urgentOf(state);
  if (urgent === null || reply.kind === 'prompt' || reply.kind === 'authority_required') return reply;
  if (reply.kind === 'answer' && reply.urgency !== undefined) return reply;
  const after = wordsOf(reply).trim();
  const text = (after === '' ? urgent.text : `${urgent.text}\n\n${after}`).slice(0, 8000);
  const attributions = reply.kind === 'answer' ? reply.attributions : undefined;
  return {
    kind: 'answer',
    text,
    spoken: spoken(urgent.text),
    ...(reply.kind === 'answer' && reply.results !== undefined ? { results: reply.results } : {}),
    ...(attributions !== undefined ? { attributions } : {}),
    urgency: { tier: urgent.tier, colour: urgent.colour, emergencyNumber: urgent.emergencyNumber },
    plannerTrace: state.trace,
  };
}
