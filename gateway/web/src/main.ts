import type { DeskMe, PatientPage } from '../../desk/views';
import { Api } from './api';
import { CABINET_CHANGED, DESK_CHANGED, messageOf, openAskSheet } from './ask-sheet';
import { h, show } from './dom';
import { connect, waitForHomeAgent } from './home-agent';
import { careView, type WireStatus } from './views/care';
import { deskView } from './views/desk';
import { patientView } from './views/patient';
import { grantWire } from './wire';

/**
 * The HeartCoach page: connect with Home Agent (a SIWE sign-in the person signs in their own popup), the
 * care-team desk (patients, alerts, the thirty days) with an Ask about a patient opened from that patient's page, and
 * the patient's own care with "Connect my agent" and the "My agent" door. Routes are the URL's hash; every read goes
 * through the page's intent queue, every Ask ahead of it.
 */
const api = new Api(() => void render());
const view = document.getElementById('view')!;
const nav = document.getElementById('nav')!;
const who = document.getElementById('who')!;
const status = h('p', { class: 'status', role: 'status', id: 'status' });

const CABINET_FOLDERS = ['profile', 'readings', 'doses', 'symptoms', 'prefs', 'guidance'];

async function signIn(folders?: string[]): Promise<void> {
  show(
    status,
    folders === undefined ? 'Waiting for you in Home Agent…' : 'Connecting your agent: confirm in Home Agent…',
  );
  try {
    const nonce = await api.nonce();
    const connected = await connect(nonce, folders);
    await api.signIn(connected.message, connected.signature);
    show(
      status,
      connected.connected === null
        ? ''
        : `Your agent is connected: HeartCoach may read ${connected.connected.folders.join(', ')}.`,
    );
  } catch (error) {
    show(status, h('span', { class: 'refusal', role: 'alert' }, messageOf(error)));
  }
  await render();
}

function header(me: DeskMe | null): void {
  const session = api.session;
  if (session === null) {
    show(nav);
    show(
      who,
      h(
        'button',
        { type: 'button', class: 'primary', id: 'connect', onclick: () => void signIn() },
        'Connect with Home Agent',
      ),
    );
    return;
  }
  show(
    nav,
    me !== null && me.desks.length > 0 ? h('a', { href: '#/desk' }, 'Desk') : null,
    h('a', { href: '#/care' }, 'My care'),
  );
  show(
    who,
    h('span', { id: 'signed-in-as' }, `Signed in as ${me?.name ?? session.subject.name}`),
    ' ',
    h(
      'button',
      {
        type: 'button',
        onclick: async () => {
          await api.signOut();
          location.hash = '#/';
          await render();
        },
      },
      'Sign out',
    ),
  );
}

async function landing(): Promise<HTMLElement> {
  const agent = await waitForHomeAgent();
  return h(
    'section',
    { class: 'landing' },
    h('h1', {}, 'HeartCoach'),
    h(
      'p',
      {},
      'A heart-health coach for the thirty days after a heart-failure stay — for you, and for your care team. It answers over what you choose to share, acts only through your practice’s gates, and says no in words.',
    ),
    agent === null
      ? h(
          'p',
          { class: 'note amber', id: 'no-home-agent' },
          'Home Agent is not installed in this browser. HeartCoach signs you in through your own agent: install Home Agent, then come back.',
        )
      : h(
          'p',
          {},
          h(
            'button',
            { type: 'button', class: 'primary', id: 'connect-landing', onclick: () => void signIn() },
            'Connect with Home Agent',
          ),
        ),
  );
}

async function route(me: DeskMe): Promise<HTMLElement> {
  const parts = location.hash.replace(/^#\/?/, '').split('/');
  switch (parts[0]) {
    case 'patient': {
      const [practice, patient] = [parts[1] ?? '', parts[2] ?? ''];
      const page = await api.read<PatientPage>(
        `/desk/patients/${encodeURIComponent(practice)}/${encodeURIComponent(patient)}`,
      );
      return patientView(page, (opener) =>
        openAskSheet({ api, about: { practice, patient, patientName: page.patientName }, opener }),
      );
    }
    case 'care':
      return care(me);
    case 'desk':
      return deskView(me);
    default:
      return me.desks.length > 0 ? deskView(me) : care(me);
  }
}

async function care(me: DeskMe): Promise<HTMLElement> {
  const wire = await api.read<WireStatus>('/ask-me/wire');
  return careView(me.care, wire, {
    connectAgent: () => void signIn(CABINET_FOLDERS),
    grantWire: async () => {
      try {
        const granted = await grantWire(api);
        show(status, `HeartCoach may now ask your agent as you, until ${granted.expiresAt.slice(0, 10)}.`);
      } catch (error) {
        show(status, h('span', { class: 'refusal', role: 'alert' }, messageOf(error)));
      }
      await render();
    },
    ask: (opener) => openAskSheet({ api, about: null, opener }),
  });
}

let rendering = 0;
async function render(): Promise<void> {
  const turn = ++rendering;
  try {
    if (api.session === null) {
      header(null);
      const page = await landing();
      if (turn === rendering) show(view, status, page);
      return;
    }
    const me = await api.read<DeskMe>('/desk/me');
    const page = await route(me);
    if (turn !== rendering) return;
    header(me);
    show(view, status, page);
  } catch (error) {
    if (turn !== rendering) return;
    header(null);
    show(view, status, h('p', { class: 'refusal', role: 'alert', id: 'page-refusal' }, messageOf(error)));
  }
}

window.addEventListener('hashchange', () => void render());
// An act landed on the Ask sheet: the screen behind it re-reads.
window.addEventListener(DESK_CHANGED, () => void render());
window.addEventListener(CABINET_CHANGED, () => void render());
void render();
