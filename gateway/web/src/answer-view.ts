import type { CoachAnswer } from '../../../src/protocol/heartcoach';
import { h } from './dom';
import type { AgentReplyBody } from './home-agent';

/**
 * How an answer reads on the Ask sheet (seed 000 §2): HeartCoach's say, its because in muted type, a red banner at
 * call-emergency, an amber note at tell-care-team, one ✓ or ✕ line per act. An answer that came through "My agent" is
 * the person's agent's, never the coach's, and says so; anything it would do waits for the person's own signature.
 */
const TIER_NOTES: Record<string, { cls: string; patient: string; team: string }> = {
  'tell-care-team': {
    cls: 'note amber',
    patient: 'Your care team has been told about this.',
    team: 'This is one for the care team to follow up.',
  },
  'flag-urgent': {
    cls: 'note amber strong',
    patient: 'Flagged urgent for your care team: expect a call today.',
    team: 'Flagged urgent: someone on the team should call today.',
  },
};

export function coachAnswerView(answer: CoachAnswer): HTMLElement {
  const forTeam = answer.consultationKind === 'care-team';
  const note = TIER_NOTES[answer.escalationTier];
  return h(
    'article',
    { class: 'answer-body coach', 'data-tier': answer.escalationTier, 'aria-label': 'HeartCoach’s answer' },
    answer.escalationTier === 'call-emergency'
      ? h('div', { class: 'banner emergency', role: 'alert' }, 'Call 911 now. Do not wait for the coach.')
      : null,
    note !== undefined ? h('p', { class: note.cls, role: 'status' }, forTeam ? note.team : note.patient) : null,
    h('p', { class: 'say' }, answer.say),
    answer.because.trim() === '' ? null : h('p', { class: 'because' }, answer.because),
    answer.acted.length === 0
      ? null
      : h(
          'ul',
          { class: 'acts', 'aria-label': 'What HeartCoach did' },
          answer.acted.map((a) =>
            h(
              'li',
              { class: a.ok ? 'act ok' : 'act refused', 'data-tool': a.tool },
              h('span', { class: 'mark', 'aria-hidden': 'true' }, a.ok ? '✓' : '✕'),
              h('span', { class: 'sr-only' }, a.ok ? 'Done: ' : 'Refused: '),
              a.summary,
            ),
          ),
        ),
    h(
      'p',
      { class: 'by' },
      `HeartCoach · ${answer.model}`,
      answer.about === undefined
        ? ''
        : ` · about ${answer.about.patientName} as ${answer.about.roles.map((r) => r.replace(/-/g, ' ')).join(', ') || 'no role'}`,
    ),
  );
}

export function agentReplyView(reply: AgentReplyBody): HTMLElement {
  const body = (() => {
    switch (reply.kind) {
      case 'answer':
        return [
          h('p', { class: 'say' }, reply.text),
          ...(reply.attributions ?? []).map((a) =>
            h('blockquote', { class: 'quoted' }, h('cite', {}, a.source), ` — ${a.text}`),
          ),
        ];
      case 'done':
        return [
          h('p', { class: 'say' }, reply.result.text),
          h(
            'p',
            { class: 'because' },
            `${reply.receipts.length} receipt${reply.receipts.length === 1 ? '' : 's'} kept in your Home.`,
          ),
        ];
      case 'authority_required':
        return [
          h(
            'p',
            { class: 'note amber', role: 'status' },
            'Your agent will not act on an app’s word. It is waiting for you to sign in your own Home Agent popup.',
          ),
          h('p', { class: 'say' }, reply.summary),
        ];
      case 'prompt':
        return [h('p', { class: 'say' }, reply.prompt.text)];
      case 'waiting':
        return [h('p', { class: 'say' }, reply.text)];
      case 'refused':
        return [h('p', { class: 'refusal', role: 'alert' }, `Your agent refused: ${reply.error.message}`)];
    }
  })();
  return h(
    'article',
    { class: 'answer-body agent', 'data-kind': reply.kind, 'aria-label': 'Your agent’s answer' },
    h('p', { class: 'by agent-by' }, 'Your agent answered — not HeartCoach'),
    body,
  );
}

export function refusalView(message: string): HTMLElement {
  return h('p', { class: 'refusal', role: 'alert' }, message);
}
