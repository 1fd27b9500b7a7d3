import type { DeskMe } from '../../../desk/views';
import { h } from '../dom';

/** The care-team desk: each practice the reader is a member of, with the patients on whose teams they are. */
export function deskView(me: DeskMe): HTMLElement {
  if (me.desks.length === 0)
    return h(
      'section',
      {},
      h('h1', {}, 'Desk'),
      h('p', {}, 'You are not on a care team at any practice on this desk.'),
    );
  return h(
    'section',
    { class: 'desk' },
    h('h1', {}, 'Desk'),
    me.desks.map((d) =>
      h(
        'section',
        { 'aria-labelledby': `practice-${d.practice}` },
        h('h2', { id: `practice-${d.practice}` }, d.name),
        d.patients.length === 0
          ? h('p', {}, 'No patient at this practice has you on their team.')
          : h(
              'table',
              { class: 'patients' },
              h('caption', { class: 'sr-only' }, `Patients at ${d.name}`),
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ['Patient', 'Your roles', 'Day', 'Open alerts', 'Yours to record'].map((c) =>
                    h('th', { scope: 'col' }, c),
                  ),
                ),
              ),
              h(
                'tbody',
                {},
                d.patients.map((p) =>
                  h(
                    'tr',
                    { 'data-patient': p.address },
                    h('th', { scope: 'row' }, h('a', { href: `#/patient/${d.practice}/${p.address}` }, p.name)),
                    h('td', {}, p.roles.join(', ')),
                    h('td', {}, p.day === null ? '—' : `day ${p.day} of 30`),
                    h('td', { class: p.openAlerts > 0 ? 'warn' : '' }, String(p.openAlerts)),
                    h('td', {}, String(p.mineToRecord)),
                  ),
                ),
              ),
            ),
      ),
    ),
  );
}
