import type { AskMeAnswer, CoachAnswer } from '../../../src/protocol/heartcoach';
import { agentReplyView, coachAnswerView, refusalView } from './answer-view';
import { PageError, type Api } from './api';
import { h, show } from './dom';
import { askAsMe, homeAgent, type HomeAgentError } from './home-agent';
import { grantWire } from './wire';

/**
 * The Ask sheet (seed 000 §2) with its two doors: HeartCoach (the app's own consultation: a care-team member's Ask
 * about the patient whose page it was opened from, sent at once with the session) and My agent (ask-as-me: HeartCoach
 * signs a caller assertion for the person's wire and the page hands the ask to the person's own agent through
 * `window.homeAgent`). When an act landed the screen behind re-reads (coach:desk-changed / coach:cabinet-changed).
 */
export type About = { practice: string; patient: string; patientName: string };
export type SheetOptions = { api: Api; about: About | null; opener: HTMLElement | null };

export const DESK_CHANGED = 'coach:desk-changed';
export const CABINET_CHANGED = 'coach:cabinet-changed';

export function openAskSheet(options: SheetOptions): void {
  const root = document.getElementById('sheet-root')!;
  const { api, about } = options;
  // The patient's cabinet is with their agent, so their own questions go through "My agent".
  let door: 'coach' | 'agent' = about === null ? 'agent' : 'coach';
  const text = h('textarea', {
    id: 'ask-text',
    name: 'question',
    rows: 3,
    required: true,
    placeholder: about === null ? 'How is my week going?' : `Where is ${about.patientName} in the thirty days?`,
  });
  const answer = h('div', { class: 'answer', 'aria-live': 'polite' });
  const note = h('p', { class: 'door-note', id: 'door-note' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Ask');
  const close = () => {
    root.replaceChildren();
    document.removeEventListener('keydown', onKey);
    options.opener?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  const setDoor = (next: 'coach' | 'agent') => {
    door = next;
    const coachClosed = next === 'coach' && about === null;
    submit.toggleAttribute('disabled', coachClosed);
    show(
      note,
      next === 'coach'
        ? about !== null
          ? `HeartCoach answers about ${about.patientName} from the desk, under your own role on the team.`
          : 'Your cabinet stays with your Home Agent, so HeartCoach answers you there — ask it in Home Agent’s side panel. Here, ask through My agent.'
        : homeAgent() === null
          ? 'Home Agent is not installed in this browser, so there is no agent to ask.'
          : 'Your own agent answers, as you. HeartCoach only carries the question; anything your agent would do waits for you to sign in your own Home Agent.',
    );
  };
  const radio = (value: 'coach' | 'agent', label: string) =>
    h(
      'label',
      { class: 'door' },
      h('input', { type: 'radio', name: 'door', value, checked: value === door, onchange: () => setDoor(value) }),
      ` ${label}`,
    );

  const form = h(
    'form',
    { class: 'ask-form', onsubmit: (event: Event) => void onAsk(event) },
    h(
      'fieldset',
      { class: 'doors' },
      h('legend', {}, 'Who answers'),
      radio('coach', 'HeartCoach'),
      radio('agent', 'My agent'),
    ),
    note,
    h('label', { for: 'ask-text' }, 'Your question'),
    text,
    h('div', { class: 'row' }, submit, h('button', { type: 'button', onclick: close }, 'Close')),
  );

  async function onAsk(event: Event): Promise<void> {
    event.preventDefault();
    const question = text.value.trim();
    if (question === '') return;
    submit.setAttribute('disabled', '');
    show(
      answer,
      h('p', { class: 'busy', role: 'status' }, door === 'coach' ? 'HeartCoach is answering…' : 'Asking your agent…'),
    );
    try {
      if (door === 'coach') await askCoach(question);
      else await askMyAgent(question);
    } catch (error) {
      show(answer, failureView(error));
    } finally {
      submit.removeAttribute('disabled');
    }
  }

  async function askCoach(question: string): Promise<void> {
    const metadata: Record<string, string> = {
      skill: 'heartcoach.ask',
      ...(about === null ? {} : { practice: about.practice, patient: about.patient }),
    };
    const coach = await api.ask<CoachAnswer>(question, metadata);
    show(answer, coachAnswerView(coach));
    if (coach.acted.some((a) => a.ok))
      window.dispatchEvent(new CustomEvent(about === null ? CABINET_CHANGED : DESK_CHANGED));
  }

  async function askMyAgent(question: string): Promise<void> {
    const forwarded = await api.ask<AskMeAnswer>(question, {
      skill: 'heartcoach.ask.me',
      channel: 'page-provider',
      surface: 'page',
    });
    const reply = await askAsMe(forwarded.request, forwarded.credential);
    show(answer, agentReplyView(reply.reply));
  }

  function failureView(error: unknown): HTMLElement {
    if (error instanceof PageError && error.code === 'ask_wire_required') {
      const button = h(
        'button',
        {
          type: 'button',
          class: 'primary',
          onclick: async () => {
            try {
              await grantWire(api);
              show(answer, h('p', { role: 'status' }, 'HeartCoach may now ask your agent as you. Ask again.'));
            } catch (e) {
              show(answer, refusalView(messageOf(e)));
            }
          },
        },
        'Let HeartCoach ask my agent',
      );
      return h('div', {}, refusalView(error.message), button);
    }
    return refusalView(messageOf(error));
  }

  setDoor(door);
  show(
    root,
    h(
      'div',
      { class: 'scrim' },
      h(
        'section',
        { class: 'sheet', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'sheet-title' },
        h('h2', { id: 'sheet-title' }, about === null ? 'Ask' : `Ask about ${about.patientName}`),
        form,
        answer,
      ),
    ),
  );
  document.addEventListener('keydown', onKey);
  text.focus();
}

export const messageOf = (error: unknown): string =>
  error instanceof Error ? (error as HomeAgentError).message || 'Something went wrong.' : 'Something went wrong.';
