import type { MyCare } from '../../../desk/views';
import { h } from '../dom';
import { homeAgent } from '../home-agent';
import { alertsView, teamView, thirtyView, threadView } from './shared';

/**
 * The patient's own side: their team, their thirty days, alerts and thread from the desk — and the two doors to their
 * agent: "Connect my agent" (HeartCoach reads the cabinet folders they tick, when they ask it from Home Agent) and
 * "My agent" (HeartCoach may carry a question to their agent, which answers as them and never acts without them).
 */
export type WireStatus = { wire: { hash: string; origin: string; expiresAt: string } | null };
export type CareActions = {
  connectAgent: (opener: HTMLElement) => void;
  grantWire: (opener: HTMLElement) => void;
  ask: (opener: HTMLElement) => void;
};

export function careView(care: MyCare[], wire: WireStatus, actions: CareActions): HTMLElement {
  const installed = homeAgent() !== null;
  const connect: HTMLButtonElement = h(
    'button',
    { type: 'button', id: 'connect-agent', disabled: !installed, onclick: () => actions.connectAgent(connect) },
    'Connect my agent',
  );
  const grant: HTMLButtonElement = h(
    'button',
    { type: 'button', id: 'grant-wire', disabled: !installed, onclick: () => actions.grantWire(grant) },
    wire.wire === null ? 'Let HeartCoach ask my agent' : 'Renew the wire',
  );
  const ask: HTMLButtonElement = h(
    'button',
    { type: 'button', class: 'primary', id: 'ask-my-agent', onclick: () => actions.ask(ask) },
    'Ask',
  );
  return h(
    'section',
    { class: 'care' },
    h('h1', {}, 'My care'),
    h(
      'div',
      { class: 'cards' },
      h(
        'section',
        { class: 'card', 'aria-labelledby': 'connect-h' },
        h('h2', { id: 'connect-h' }, 'Connect my agent'),
        h(
          'p',
          {},
          'Your cabinet stays in your Home Agent. Connect HeartCoach there and tick the folders it may read when you ask it something; you can take folders back, or the whole grant, at any time.',
        ),
        connect,
      ),
      h(
        'section',
        { class: 'card', 'aria-labelledby': 'my-agent-h', id: 'my-agent' },
        h('h2', { id: 'my-agent-h' }, 'My agent'),
        h(
          'p',
          {},
          'Let HeartCoach carry a question to your own agent, which answers as you. It may ask — never act: anything your agent would do waits for you to sign in your own Home Agent.',
        ),
        h(
          'p',
          { class: 'muted', id: 'wire-status' },
          wire.wire === null
            ? 'HeartCoach has no wire to your agent.'
            : `HeartCoach may ask your agent until ${wire.wire.expiresAt.slice(0, 10)}.`,
        ),
        grant,
        ' ',
        ask,
      ),
    ),
    installed ? null : h('p', { class: 'note amber' }, 'Home Agent is not installed in this browser.'),
    care.length === 0
      ? h('p', {}, 'You are not enrolled at a practice on this desk yet.')
      : care.map((c) =>
          h(
            'section',
            { class: 'enrolment', 'aria-label': c.practiceName },
            h('h2', {}, c.practiceName),
            h('p', { class: 'muted' }, `Care plan: ${c.carePlan || 'none written'}`),
            thirtyView(c.thirty, 'patient'),
            alertsView(c.alerts),
            threadView(c.thread),
            teamView(c.team),
          ),
        ),
  );
}
