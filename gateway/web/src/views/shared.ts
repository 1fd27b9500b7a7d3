import type { Alert, ThreadMessage } from '../../../desk/types';
import type { MilestoneView, PatientPage } from '../../../desk/views';
import { day, h, when } from '../dom';

/** The pieces a patient's page and a patient's own care share: the thirty days, alerts, the thread, the team. */
export function thirtyView(thirty: PatientPage['thirty'], reader: 'member' | 'patient'): HTMLElement {
  if (thirty === null)
    return h(
      'section',
      { 'aria-labelledby': 'thirty-h' },
      h('h3', { id: 'thirty-h' }, 'The thirty days'),
      h('p', {}, 'No transition of care is open.'),
    );
  return h(
    'section',
    { 'aria-labelledby': 'thirty-h', class: 'thirty' },
    h('h3', { id: 'thirty-h' }, `The thirty days — day ${thirty.day}`),
    h(
      'p',
      { class: 'muted' },
      `After ${thirty.condition.replace(/-/g, ' ')} at ${thirty.facility}, discharged ${day(thirty.dischargedAt)}.`,
    ),
    h(
      'ol',
      { class: 'milestones' },
      thirty.milestones.map((m) => milestoneItem(m, reader)),
    ),
  );
}

function milestoneItem(m: MilestoneView, reader: 'member' | 'patient'): HTMLElement {
  const state =
    m.status === 'done'
      ? `done${m.doneBy === null ? '' : ` by ${m.doneBy}`}${m.doneAt === null ? '' : ` ${day(m.doneAt)}`}`
      : `${m.status} by ${when(m.dueAt)}`;
  return h(
    'li',
    { class: `milestone ${m.status}${m.mine ? ' mine' : ''}`, 'data-milestone': m.id },
    h('span', { class: 'label' }, m.label),
    h('span', { class: 'owner' }, ` · ${m.ownerLabel}`),
    h('span', { class: 'state' }, ` · ${state}`),
    m.mine && reader === 'member' ? h('strong', { class: 'yours' }, ' · yours to record') : null,
  );
}

export function alertsView(alerts: Alert[]): HTMLElement {
  return h(
    'section',
    { 'aria-labelledby': 'alerts-h' },
    h('h3', { id: 'alerts-h' }, 'Alerts'),
    alerts.length === 0
      ? h('p', {}, 'No alerts.')
      : h(
          'ul',
          { class: 'alerts' },
          alerts.map((a) =>
            h(
              'li',
              { class: `alert ${a.state}`, 'data-alert': a.id },
              h('span', { class: `sev ${a.severity}` }, a.severity.replace(/-/g, ' ')),
              ` · ${a.state} · “${a.text}” · ${when(a.raisedAt)}`,
              a.acknowledgedByName === null
                ? ''
                : ` · acknowledged by ${a.acknowledgedByName}${a.note === null ? '' : ` — “${a.note}”`}`,
            ),
          ),
        ),
  );
}

export function threadView(thread: ThreadMessage[]): HTMLElement {
  return h(
    'section',
    { 'aria-labelledby': 'thread-h' },
    h('h3', { id: 'thread-h' }, 'Thread'),
    thread.length === 0
      ? h('p', {}, 'No messages yet.')
      : h(
          'ol',
          { class: 'thread' },
          thread.map((m) =>
            h(
              'li',
              { 'data-message': m.id },
              h('span', { class: 'muted' }, `${when(m.sentAt)} · ${m.fromName} → ${m.toName}: `),
              m.text,
            ),
          ),
        ),
  );
}

export function teamView(team: PatientPage['team']): HTMLElement {
  return h(
    'section',
    { 'aria-labelledby': 'team-h' },
    h('h3', { id: 'team-h' }, 'Care team'),
    h(
      'ul',
      { class: 'team' },
      team.map((m) => h('li', {}, `${m.name} — ${m.roles.map((r) => r.replace(/-/g, ' ')).join(', ')}`)),
    ),
  );
}
