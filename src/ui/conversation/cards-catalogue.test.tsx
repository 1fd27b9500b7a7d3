import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { OverlayPanel } from '../OverlayPanel';
import { tokenAmount } from '../words/format';
import { EntryView } from './EntryView';
import { KeptQuestions } from './KeptQuestions';
import { ReceiptDetails } from './ReceiptDetails';
import { ReplyCard } from './ReplyCard';
import { A, actions, D, receipt, replies, respond, routed } from './testing/card-replies';
import type { AgentTransport } from './transport';

/**
 * The conversation faces (side panel and overlay) read every word of their reply cards from the catalogue
 * (public/_locales/en/messages.json), as the popup does: in English without a browser, and — with chrome.i18n
 * answering — in its words, none of the English left. Only the agent's own sentences and the run's data remain.
 */
const refused = async () => ({ ok: false as const, error: { code: 'X', message: 'x' } });
const transport: AgentTransport = { ask: refused, resume: refused };
const material = {
  text: 'Page words.',
  source: 'page-selection' as const,
  origin: 'https://page.test',
  trust: 'untrusted' as const,
};
const kept = [
  { runRef: 'run-5', words: 'ask the room', text: 'Missio Nexus has not answered yet.' },
  { runRef: 'run-6', words: 'pay the room', text: 'Stopped part-way.', stopped: true as const },
];

const faces = (): ReactElement[] => [
  ...replies.map((reply) => <ReplyCard response={respond(reply)} actions={actions} now={1_799_999_400_000} />),
  <ReplyCard response={respond(replies[2]!)} actions={{ ...actions, review: undefined }} now={0} />,
  <ReplyCard response={respond(replies[3]!)} actions={{ ...actions, finished: true }} now={0} />,
  <ReplyCard response={respond(replies[6]!)} actions={{ ...actions, finished: true }} now={0} />,
  <ReceiptDetails receipt={receipt} />,
  <ReceiptDetails receipt={routed} />,
  <KeptQuestions items={kept} busy={false} onResend={() => undefined} onDrop={() => undefined} />,
  <EntryView entry={{ id: 1, from: 'you', words: 'what is this?', material }} actions={actions} />,
  <EntryView entry={{ id: 2, from: 'stopped' }} actions={actions} />,
  <OverlayPanel
    quoted={{ state: 'ready', material }}
    transport={transport}
    onClose={() => undefined}
    openSidePanel={async () => true}
  />,
  <OverlayPanel quoted={{ state: 'fetching' }} transport={transport} onClose={() => undefined} />,
];
const render = () =>
  faces()
    .map((face) => renderToStaticMarkup(face))
    .join('\n')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'");

/** The faces' own English: each fragment is in one of the cards above, and none may survive a translation. */
const ENGLISH = [
  '>Results<',
  'No rows.',
  'What HeartCoach said',
  ' said — their words, not your agent’s:',
  '>Evidence<',
  'You could also ask: Who is Bob? · Send Bob 5 USDC',
  'You act as this organization’s steward. 1 other approval(s) will be needed too.',
  'What you would allow',
  'The parties',
  '“bob” → Bob Mensah',
  '— your contact',
  'Where each detail came from',
  'from your words',
  'from your vault',
  'from quoted material (not your words)',
  'Open Home Agent’s popup to review and sign this request.',
  'Review and sign<',
  '>Decline<',
  'seen — a reminder, not a permission; choose again.',
  '>Choose<',
  'None of these',
  '>Answer<',
  'Never mind',
  '>Details<',
  '1 of 2 approvals so far. Approvers: 0x5555…5555. Continue in Home Agent’s side panel.',
  'The options',
  'What you would have allowed',
  'Waiting on Missio Nexus’s agent; it carries on by itself.',
  'Commitment ',
  'Copy commitment ',
  'Copy address ',
  'Copy value ',
  '>Copy<',
  'Only part of what you asked was done; the receipts say which part.',
  'notify did not happen: no inbox',
  'archive did not happen',
  '>Receipts<',
  'Open receipt: Send USDC — committed',
  'Download provenance',
  'Code: NO_PLAYBOOK',
  'Your agent would not make this plan.',
  'Why this reply?',
  'Run <code>run-1</code>',
  '>Step<',
  'Send USDC, step s1',
  '>Status<',
  'committed; confirmed on chain; reconciled after a restart',
  'replayed; attempted (no confirmation yet)',
  '>Authority<',
  `your mandate ${D(6)}`,
  'routed to Missio Nexus’s agent, which decided it under its own mandate',
  'On behalf of',
  '>When<',
  '>Transaction<',
  'Routed from',
  `${A(9)}, step s4`,
  'Input digest',
  'Plan arguments digest',
  '>Skill<',
  '>Mandate<',
  'Routed run',
  'Router’s run',
  'Receipt receipt:run-1:s1',
  ': digests',
  'A judge chose the skill that fits your words; a declared rule accepted its choice.',
  'Your words matched the shape “payment”.',
  'Your words were read as a payment.',
  'Skill selection (fast) among 2: chosen — it chose payment.usdc.send. Rule: top above floor',
  'Among 1 possible plans it chose p1. Rule: fewest',
  'Round 1: replan. known-recipient: who?',
  'Round 2: continue. Every declared rule held.',
  '“bob” is Bob Mensah (0x3333…3333), from your vault.',
  '“me” is Alice Okoro (0x1111…1111), from a choice you made before (evidence, not permission) (seen).',
  'Step s1 needs a mandate only you can sign (MANDATE_NOT_FOUND).',
  'Step s2 only reads, so it needs no mandate.',
  '2 model calls (judge, composer) by anthropic.',
  '>Plan<',
  '>Shape<',
  '>Intent<',
  'Plan choice',
  '>Admission<',
  '>Names<',
  '>Model<',
  '>Note<',
  'Questions kept for you',
  'What you asked',
  'You asked:',
  'Send it again',
  'Drop it',
  'You: ',
  'You stopped waiting for this reply.',
  'Quoted page text',
  'Quoted from ',
  ' — page text, not an instruction',
  'Ask Home Agent',
  'Close Home Agent',
  'Fetching the text you selected…',
  'Ask your agent about this',
  'Open Home Agent’s side panel',
  'Conversation with your agent',
];

const global = globalThis as { chrome?: unknown };
afterEach(() => void delete global.chrome);

describe("the conversation faces' card words, from the catalogue", () => {
  it('reads in English from the catalogue itself where no browser translates it', () => {
    const html = render();
    for (const words of ENGLISH) expect(html, words).toContain(words);
  });

  it('with chrome.i18n answering, every word is the catalogue’s and none of the English is left', () => {
    global.chrome = { i18n: { getMessage: (key: string, subs: string[] = []) => `⟦${[key, ...subs].join('|')}⟧` } };
    const html = render();
    for (const words of ENGLISH) expect(html, words).not.toContain(words);
    // The substitutions are the run's data, placed by the catalogue; markup stays the face's.
    expect(html).toContain('⟦replyRun|<code>run-1</code>⟧');
    expect(html).toContain('⟦answerSaid|<strong>HeartCoach</strong>⟧');
    expect(html).toContain('⟦authorityAlsoApprove|1⟧');
    expect(html).toContain('⟦requirementFrom|⟦requirementSourceMaterial⟧⟧');
    expect(html).toContain('⟦doneOpenReceipt|Send USDC|⟦receiptStatusCommitted⟧⟧');
    expect(html).toContain('⟦receiptStatusReconciled|⟦receiptStatusCommitted⟧|⟦receiptConfirmed⟧⟧');
    expect(html).toContain('⟦traceModelCalls|2|judge, composer|anthropic⟧');
    expect(html).toContain('⟦traceNameNoted|me|Alice Okoro|0x1111…1111|⟦traceSourceRemembered⟧|seen⟧');
    expect(html).toContain(`⟦longCopyCommitment|${D(3)}⟧`);
    expect(html).toContain('⟦quotedFrom|<span class="ha-origin">https://page.test</span>⟧');
    expect(tokenAmount('-3')).toBe('⟦amountUnreadable|-3⟧');
    // The agent's own sentences are the agent's, untouched.
    for (const words of [
      'You have 2 contacts.',
      'Send 12.5 USDC to Bob Mensah.',
      'Nothing fits.',
      'A note from the agent.',
    ])
      expect(html).toContain(words);
  });
});
