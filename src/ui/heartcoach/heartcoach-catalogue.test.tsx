import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppConnectionView, ConsentView } from '../../protocol/messages/heartcoach';
import { BackgroundProvider, type Request } from '../home/background-context';
import { AppsSection, ConnectedApp } from './AppsSection';
import { ClinicianDemo } from './ClinicianDemo';
import { ConsentApp } from './ConsentApp';
import { ConsentDetails } from './ConsentDetails';

/**
 * The consent window and the HeartCoach sections of the Home read every word from the catalogue
 * (public/_locales/en/messages.json): in English without a browser, and — with chrome.i18n answering — in its words,
 * none of the English left.
 */
const A = (n: number) => `0x${String(n).repeat(40)}` as `0x${string}`;
const D = (n: number) => `0x${String(n).repeat(64)}` as `0x${string}`;
const agent = { name: 'HeartCoach', address: A(2), cardDigest: D(3), chainId: 31337 };
const view = (kind: ConsentView['kind']): ConsentView =>
  ({
    id: 'c1',
    kind,
    origin: 'https://coach.test',
    createdAt: 0,
    agent,
    cardChanged: true,
    person: { address: A(1), name: 'Alice Okoro' },
    signIn: { domain: 'coach.test', statement: 'Sign in' },
    folders: { requested: ['readings'], granted: [] },
    wire: {
      capability: 'harness.ask',
      mayAsk: true,
      mayAct: false,
      expiresAt: '2027-01-31T00:00:00.000Z',
      read: { folders: ['readings'], kinds: [] },
    },
    locked: true,
  }) satisfies ConsentView;
const app = (granted: boolean): AppConnectionView =>
  ({
    origin: 'https://coach.test',
    agent,
    connectedAt: Date.UTC(2026, 0, 2),
    session: granted ? { subject: A(1), accessExpiresAt: 0, refreshExpiresAt: Date.UTC(2026, 1, 3) } : null,
    grant: granted ? { hash: D(4), folders: ['readings'], expiresAt: Date.UTC(2026, 2, 4) } : null,
  }) satisfies AppConnectionView;
const never: Request = () => new Promise(() => undefined);
const none = () => undefined;

const faces = (): ReactElement[] => [
  <ConsentApp request={() => new Promise(() => undefined)} id="c1" close={none} hold={() => none} />,
  ...(['grant', 'connect'] as const).map((kind) => (
    <ConsentDetails view={view(kind)} folders={['readings']} kinds={[]} onFolder={none} onKind={none} />
  )),
  <ConsentDetails
    view={{ ...view('connect'), folders: null, wire: null }}
    folders={[]}
    kinds={[]}
    onFolder={none}
    onKind={none}
  />,
  <BackgroundProvider request={never}>
    <AppsSection />
    <ConnectedApp app={app(true)} onChanged={none} />
    <ConnectedApp app={app(false)} onChanged={none} />
    <ClinicianDemo onLoaded={none} />
  </BackgroundProvider>,
];
const render = () =>
  faces()
    .map((face) => renderToStaticMarkup(face))
    .join('\n')
    .replaceAll('&#x27;', '’');

const ENGLISH = [
  'Reading the request…',
  'Let HeartCoach ask your agent',
  'Connect HeartCoach',
  'Sign in to HeartCoach',
  'Asked by the page at <strong>https://coach.test</strong>.',
  'HeartCoach’s agent',
  'Agent card digest <code',
  '— pinned from now on: a different card is refused.',
  'This agent card is not the one you connected to before.',
  'You sign in to <strong>coach.test</strong> as Alice Okoro (<code>',
  'Folders of your cabinet HeartCoach may read when you ask it something',
  'Nothing else leaves your Home.',
  'What it may do',
  'It may <strong>ask</strong> your agent as you',
  'It may <strong>never act</strong>: anything your agent would do',
  'Until 2027-01-31. You can revoke it on chain',
  'What your agent may answer HeartCoach from',
  'Anything not ticked is refused to it in words',
  'Connected apps',
  'Apps your agent consults for you',
  'aria-label="HeartCoach at https://coach.test"',
  '(pinned 2026-01-02).',
  'Your agent is signed in until 2026-02-03.',
  'Its session with your agent has ended',
  'Folders HeartCoach may read (grant until 2026-03-04)',
  'Folders HeartCoach may read (none granted)',
  'Save folders (a new grant)',
  'Disconnect HeartCoach',
  'Or a care-team demo profile',
  'A clinician’s Home for HeartCoach’s care-team desk',
  '>Who<',
  'Dr. Dave Silva, cardiologist',
  'Dr. Priya Nair, primary-care physician',
  'Passphrase (at least 10 characters)',
  'Load the care-team demo profile',
];

const global = globalThis as { chrome?: unknown };
afterEach(() => void delete global.chrome);

describe('the consent window and the HeartCoach sections, from the catalogue', () => {
  it('reads in English from the catalogue itself where no browser translates it', () => {
    const html = render();
    for (const words of ENGLISH) expect(html).toContain(words);
  });

  it('with chrome.i18n answering, every word is the catalogue’s and none of the English is left', () => {
    global.chrome = { i18n: { getMessage: (key: string, subs: string[] = []) => `⟦${[key, ...subs].join('|')}⟧` } };
    const html = render();
    for (const key of ['consentReading', 'consentCardChanged', 'consentWireTitle', 'appsTitle', 'appsIntro'])
      expect(html).toContain(`⟦${key}⟧`);
    expect(html).toContain('⟦consentTitleGrant|HeartCoach⟧');
    expect(html).toContain('⟦consentAskedBy|<strong>https://coach.test</strong>⟧');
    expect(html).toContain('⟦consentWireAsk|<strong>⟦consentWireAskWord⟧</strong>⟧');
    expect(html).toContain('⟦appsFolders|HeartCoach|⟦appsGrantUntil|2026-03-04⟧⟧');
    expect(html).toContain('⟦clinicianLoad⟧');
    const english = ENGLISH.flatMap(
      (words) =>
        words
          .replace(/<[^>]*>?|HeartCoach|https:\/\/coach\.test|coach\.test|Alice Okoro|[\d-]{10}/g, '\n')
          .split('\n')
          .map((w) => w.replace(/^[\s.,:;()’—"=]+|[\s.,:;()’—"=]+$/g, ''))
          .filter((w) => w.includes(' ')), // words, not a key's name (⟦consentTitleConnect⟧)
    );
    expect(english.length).toBeGreaterThan(25);
    for (const key of ['clinicianWho', 'consentWireNeverWord', 'appsDisconnect|HeartCoach'])
      expect(html).toContain(`⟦${key}⟧`);
    for (const words of english) expect(html).not.toContain(words);
  });
});
