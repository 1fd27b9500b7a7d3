import type {
  AskResponse,
  HarnessReply,
  PlannerTrace,
  Requirement,
  StepReceipt,
} from '../../../protocol/harness-reply';
import type { ReplyActions } from '../transport';

/**
 * Replies of every kind a conversation face renders, as the harness sends them: a rich plannerTrace (every stage
 * of "Why this reply?"), a payment's requirement, a receipt under a mandate and one routed to another agent.
 */
import { A, D, sampleRequirement } from '../../testing/sample-requirement';

export { A, D };
const requirement: Requirement = {
  ...sampleRequirement,
  derivation: {
    ...sampleRequirement.derivation,
    argSources: { amount: 'words', recipient: 'vault', memo: 'material' },
  },
};

const trace: PlannerTrace = {
  plannerUsed: 'judgment',
  shape: 'payment',
  openIntent: { class: 'a payment' },
  selection: {
    arm: 'fast',
    candidates: ['payment.usdc.send', 'contacts.list'],
    distributions: [],
    outcome: 'chosen',
    choice: 'payment.usdc.send',
    options: [],
    rule: 'top above floor',
  },
  planChoice: { options: [{ id: 'p1', tools: [], missing: [] }], distribution: null, choice: 'p1', rule: 'fewest' },
  admission: [
    {
      round: 1,
      verdict: 'replan',
      violations: [{ rule: 'known-recipient', stepIndex: 0, message: 'who?', recovery: 'replan' }],
    },
    { round: 2, verdict: 'continue', violations: [] },
  ],
  resolutions: [
    { stepRef: 's1', word: 'bob', address: A(3), label: 'Bob Mensah', arg: 'recipient', source: 'vault' },
    {
      stepRef: 's1',
      word: 'me',
      address: A(1),
      label: 'Alice Okoro',
      arg: 'payer',
      source: 'remembered',
      note: 'seen',
    },
  ],
  authority: [
    { stepRef: 's1', presentedRef: 'none', outcome: 'authority-required', obligations: [], code: 'MANDATE_NOT_FOUND' },
    { stepRef: 's2', presentedRef: 'self', outcome: 'informational', obligations: [] },
  ],
  calls: [
    {
      role: 'judge',
      provider: 'anthropic',
      model: 'm',
      inputTokens: 1,
      cachedInputTokens: 0,
      outputTokens: 1,
      ms: 1,
      outcome: 'ok',
    },
    {
      role: 'composer',
      provider: 'anthropic',
      model: 'm',
      inputTokens: 1,
      cachedInputTokens: 0,
      outputTokens: 1,
      ms: 1,
      outcome: 'ok',
    },
  ],
  notes: ['A note from the agent.'],
};
export const receipt: StepReceipt = {
  schemaVersion: 1,
  id: 'receipt:run-1:s1',
  runRef: 'run-1',
  stepRef: 's1',
  toolId: 'payment.usdc.send',
  status: 'committed',
  skillRef: null,
  skill: { id: 'payment.usdc.send', version: '1', contractDigest: D(1) },
  binding: {
    intentDigest: D(2),
    principal: A(1),
    subject: A(1),
    resource: null,
    authority: null,
    expectedOutcome: null,
    operationId: 'payment.usdc.send',
    argSources: {},
    standing: 'self',
    actor: A(2),
  },
  inputDigest: D(3),
  planArgsDigest: D(4),
  derivation: 'compiled',
  observation: 'confirmed',
  presentedRef: `mandate:${D(6)}`,
  mandateHash: D(6),
  txHash: D(7),
  reconciled: true,
  actedOnBehalfOf: A(1),
  attests: {},
  createdAt: Date.UTC(2026, 8, 29, 9),
};
export const routed: StepReceipt = {
  ...receipt,
  id: 'receipt:run-2:s1',
  status: 'replayed',
  observation: 'attempted',
  presentedRef: 'routed',
  reconciled: false,
  routedTo: { agent: A(8), name: 'Missio Nexus', runRef: 'run-room' },
  routedFrom: { router: A(9), runRef: 'run-router', stepRef: 's4' },
};

const base = { spoken: '', plannerTrace: trace };
export const replies: HarnessReply[] = [
  {
    ...base,
    kind: 'answer',
    text: 'You have 2 contacts.',
    results: [{ name: 'Bob', address: A(3) }],
    attributions: [{ source: 'HeartCoach', text: 'Your week looks steady.' }],
    evidence: ['Read in the vault.'],
    next: ['Who is Bob?', 'Send Bob 5 USDC'],
  },
  { ...base, kind: 'answer', text: 'Nothing matched.', results: [] },
  {
    ...base,
    kind: 'authority_required',
    requirement,
    delegator: A(1),
    delegate: A(2),
    capability: 'payment.usdc.send',
    stepRef: 's1',
    summary: 'Send 12.5 USDC to Bob Mensah.',
    standing: { relation: 'steward', canGrant: true },
    parties: [
      { word: 'bob', address: A(3), label: 'Bob Mensah', arg: 'recipient', source: 'vault', note: 'your contact' },
    ],
    alsoApprove: [D(8)],
    grantLink: 'https://home.test/grant',
  },
  {
    ...base,
    kind: 'prompt',
    resumeToken: D(9),
    prompt: {
      kind: 'choice',
      stepRef: 's1',
      text: 'Which Alice?',
      arg: 'payer',
      word: 'me',
      options: [
        { value: A(4), label: 'Alice Okoro' },
        { value: A(5), label: 'Alice Mensah' },
      ],
    },
  },
  {
    ...base,
    kind: 'prompt',
    resumeToken: D(9),
    prompt: {
      kind: 'data',
      stepRef: 's1',
      text: 'How much?',
      fields: [{ arg: 'amount', argKind: 'amount', label: 'Amount', reason: 'The payment needs an amount.' }],
    },
  },
  {
    ...base,
    kind: 'prompt',
    resumeToken: D(9),
    prompt: {
      kind: 'signature',
      stepRef: 's1',
      text: 'A co-signer must approve.',
      approvalDigest: D(2),
      approvers: [A(5)],
      quorum: 2,
      have: [A(4)],
    },
  },
  {
    ...base,
    kind: 'prompt',
    resumeToken: D(9),
    prompt: { kind: 'authority', stepRef: 's1', text: 'Sign this.', requirement },
  },
  { ...base, kind: 'prompt', resumeToken: D(9), prompt: { kind: 'confirmation', stepRef: 's1', text: 'Sure?' } },
  { ...base, kind: 'waiting', on: 'Missio Nexus’s agent', commitment: D(3), text: 'Asked Missio Nexus.' },
  {
    ...base,
    kind: 'done',
    result: { text: 'Sent.', results: [{ tx: D(7) }] },
    receipts: [receipt],
    fulfillment: 'partial',
    effects: [
      { stepRef: 's1', effect: 'notify', status: 'failed', error: 'no inbox' },
      { stepRef: 's2', effect: 'archive', status: 'failed' },
    ],
    decisions: [],
  },
  {
    ...base,
    kind: 'refused',
    outcome: 'plan_refused',
    error: { code: 'NO_PLAYBOOK', message: 'Nothing fits.' },
    receipts: [],
  },
];

/** Card actions that do nothing: a rendered card's buttons are looked at, not pressed. */
export const actions: ReplyActions = {
  busy: false,
  resume: () => undefined,
  review: () => undefined,
  provenance: async () => undefined,
};

/** The answer to an ask that carries `reply`, as the background sends it to a face. */
export const respond = (reply: HarnessReply): AskResponse => ({
  ok: true,
  addressee: A(1),
  runRef: 'run-1',
  hasProvenance: true,
  resumable: false,
  reply,
});

/** The least trace a reply carries: a compiled plan, nothing admitted, resolved or called. */
export const bareTrace: PlannerTrace = {
  plannerUsed: 'compiled',
  admission: [],
  resolutions: [],
  authority: [],
  calls: [],
  notes: [],
};
