import type { PatientPage } from '../../../desk/views';
import { h } from '../dom';
import { alertsView, teamView, thirtyView, threadView } from './shared';

/** A patient's page on the desk, read under the reader's own role; the Ask about this patient opens from here. */
export function patientView(page: PatientPage, onAsk: (opener: HTMLElement) => void): HTMLElement {
  const ask: HTMLButtonElement = h(
    'button',
    { type: 'button', class: 'primary', id: 'ask-about', onclick: () => onAsk(ask) },
    `Ask about ${page.patientName}`,
  );
  return h(
    'section',
    { class: 'patient-page', 'data-patient': page.patient },
    h('p', {}, h('a', { href: '#/desk' }, '← Desk')),
    h('h1', {}, page.patientName),
    h('p', { class: 'muted' }, `${page.practiceName} · you are on the team as ${page.roleLabels.join(', ')}`),
    ask,
    h('p', { class: 'muted' }, `Care plan: ${page.carePlan || 'none written'}`),
    thirtyView(page.thirty, 'member'),
    alertsView(page.alerts),
    threadView(page.thread),
    teamView(page.team),
  );
}
