import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRequestFile } from '../../protocol/approval-exchange';
import type { HomeStatus } from '../../protocol/messages/home-replies';
import { BackgroundProvider, type Request } from '../home/background-context';
import { LockBar } from '../home/LockBar';
import { ApprovalExchange } from './ApprovalExchange';
import { ApproveSheet } from './ApproveSheet';
import { PendingQueue } from './PendingQueue';
import { PopupApp } from './PopupApp';
import type { PendingItem, SigningTransport } from './transport';

/**
 * The popup's queue and lock bar read every word from the catalogue (public/_locales/en/messages.json), as the sign
 * sheet does: in English without a browser, and — with chrome.i18n answering — in its words, none of the English left.
 */
import { A, D, sampleRequirement as requirement } from '../testing/sample-requirement';

const base = { addressee: A(1), words: 'send bob 12.5 usdc', expiresAt: 1_800_000_000_000 };
const items: PendingItem[] = [
  { ...base, runRef: 'run-1', waitingFor: 'authority_required', text: 'Waiting for your signature.', requirement },
  { ...base, runRef: 'run-2', waitingFor: 'prompt', text: 'Which Bob?', from: { app: 'HeartCoach', origin: 'x.test' } },
  { ...base, runRef: 'run-3', waitingFor: 'waiting', text: 'Kept question', stopped: true },
];
const status = (unlocked: boolean): HomeStatus => ({
  stage: 'ready',
  unlocked,
  person: { address: A(1), label: 'Alice Okoro' },
  owner: A(4),
  demo: true,
  autoLockMinutes: 15,
});
const approval: ApprovalRequestFile = {
  kind: 'home-agent/approval-request',
  v: 1,
  runRef: 'run-1',
  resumeToken: D(6),
  approvalDigest: D(7),
  approvers: [A(5)],
  quorum: 1,
  have: [],
  requirement,
  requester: { address: A(1), label: 'Alice Okoro' },
  text: 'Please approve',
};
const request: Request = () => new Promise(() => undefined);
const refused = async () => ({ ok: false as const, error: { code: 'X', message: 'x' } });
const transport: SigningTransport = {
  pending: refused,
  sign: refused,
  decline: refused,
  resend: refused,
  supplyApproval: refused,
  announce: () => undefined,
};

/** Everything the popup shows before and around a sheet: the queue (full and empty), the lock bar, the popup itself. */
const faces = (): ReactElement[] => [
  <PendingQueue items={items} selected="run-1" onSelect={() => undefined} />,
  <PendingQueue items={[]} selected={undefined} onSelect={() => undefined} />,
  <BackgroundProvider request={request}>
    <LockBar status={status(true)} onStatus={() => undefined} />
    <LockBar status={status(false)} onStatus={() => undefined} />
    <ApproveSheet request={approval} unlocked={false} />
    <ApprovalExchange
      runRef="run-1"
      text="Waiting for a co-signer."
      approval={{ ...approval, requirement }}
      request={approval}
      busy={false}
      onSupply={() => undefined}
    />
    <PopupApp transport={transport} location={{ search: '', hash: '' }} openSidePanel={() => undefined} />
  </BackgroundProvider>,
];
const render = () =>
  faces()
    .map((face) => renderToStaticMarkup(face))
    .join('\n');

const ENGLISH = [
  'Requests waiting for you',
  'Pending requests',
  'No requests are waiting for you.',
  'Send USDC, at most 12.5 USDC — you asked “send bob 12.5 usdc” — waits for your signature',
  'waits for your answer or an approval — HeartCoach (x.test) asked your agent',
  'stopped part-way: send it again to finish',
  'Your key',
  'Alice Okoro — Smart Agent',
  '(demo profile: public test keys)',
  'Unlocked. It locks itself after 15 minutes without use.',
  'Lock now',
  'Locked.',
  'Passphrase to unlock',
  'Unlock',
  'Loading…',
  'Open the side panel to ask',
  'Approve another person’s request',
  'Requested by',
  'Alice Okoro (0x1111…1111)',
  'Alice Okoro wrote — their words, not an instruction:',
  'What you would approve',
  'Your key is locked: unlock it above to approve.',
  'Approval digest',
  '>Approve<',
  'Approval by another person',
  'What they would approve',
  '0 of 1 approvals. Approvers: ',
  'Save the approval request',
  'Copy the approval link',
  'The link opens in the approver’s own Home Agent: <a',
  '>approval link<',
  'Their co-signature file',
];

const global = globalThis as { chrome?: unknown };
afterEach(() => void delete global.chrome);

describe("the popup's queue and lock bar, from the catalogue", () => {
  it('reads in English from the catalogue itself where no browser translates it', () => {
    const html = render().replaceAll('&quot;', '"');
    for (const words of ENGLISH) expect(html).toContain(words);
  });

  it('with chrome.i18n answering, every word is the catalogue’s and none of the English is left', () => {
    global.chrome = { i18n: { getMessage: (key: string, subs: string[] = []) => `⟦${[key, ...subs].join('|')}⟧` } };
    const html = render();
    const keys = ['queueTitle', 'queueLabel', 'queueEmpty', 'queueStopped', 'lockTitle', 'lockDemo', 'lockNow'];
    for (const key of [...keys, 'lockLocked', 'lockPassphrase', 'lockUnlock', 'popupLoading', 'popupOpenSidePanel'])
      expect(html).toContain(`⟦${key}`);
    expect(html).toContain('⟦queueWaitsFor|⟦queueOnSignature⟧⟧');
    expect(html).toContain('⟦queueWaitsFor|⟦queueOnAnswer⟧⟧');
    expect(html).toContain('⟦queueAskedBy|HeartCoach|x.test⟧');
    expect(html).toContain('⟦queueAtMost|12.5 USDC⟧ ⟦queueYouAsked|send bob 12.5 usdc⟧');
    expect(html).toContain('⟦lockPerson|Alice Okoro⟧');
    expect(html).toContain('⟦lockUnlocked|15⟧');
    const english = ['waiting for you', 'Pending', 'waits for', 'at most', 'you asked', 'asked your agent', 'part-way'];
    for (const words of [
      ...english,
      'Your key',
      'Smart Agent',
      'demo profile',
      'Lock now',
      'Locked.',
      '>Unlock<',
      'Passphrase to',
    ])
      expect(html).not.toContain(words);
    const approveKeys = ['approveTitle', 'approveRequestedBy', 'approveDigest', 'approveTheirWords', 'approveWhat'];
    for (const key of [...approveKeys, 'approveLocked', 'approveApprove']) expect(html).toContain(`⟦${key}`);
    expect(html).toContain('⟦approveWrote|Alice Okoro⟧');
    expect(html).toContain('⟦approveRequester|Alice Okoro|0x1111…1111⟧');
    for (const words of [
      'Approve another',
      'Requested by',
      'Approval digest',
      'their words',
      'would approve',
      '>Approve<',
    ])
      expect(html).not.toContain(words);
    for (const key of ['exchangeTitle', 'exchangeWhat', 'exchangeSave', 'exchangeCopy', 'exchangeLink', 'exchangeFile'])
      expect(html).toContain(`⟦${key}`);
    expect(html).toMatch(/⟦exchangeCount\|0\|1\|[^⟧]+⟧ ⟦approveDigest⟧/);
    for (const words of [
      'another person',
      'they would approve',
      'approvals.',
      'Save the',
      'Copy the',
      'co-signature file',
    ])
      expect(html).not.toContain(words);
    for (const words of ['Loading…', 'the side panel', ' minutes']) expect(html).not.toContain(words);
  });
});
