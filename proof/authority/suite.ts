import { realWorld } from '../../src/agent/testing/real-world';
import { GENERATED_ONTOLOGY } from '../../src/harness';
import { memoryWorld, throwingModel, type World } from '../../src/harness/testing';
import { WireError } from '../../src/protocol/errors';
import { exampleOf } from '../messaging/examples';
import { routerWorld } from '../messaging/router-world';
import { pct, type ProofSuite, type SuiteReport } from '../report';
import { ASK_AS_ME_CASES, MANDATE_CASES, type AuthorityCase, type Outcome } from './cases';
import { READ_CASES } from './read-cases';
import { FORWARD_CASES, forwardOutcomes } from './forward-cases';
import { HAND_OFF_CASES, handOffOutcomes } from './hand-off-cases';
import { ROUTED_CASES, routedOutcomes } from './routed-cases';

/**
 * The authority suite: every case over the real parts (the composition root on the Dexie vault on fake-indexeddb,
 * the embedded EVM with the MetaMask Delegation Framework: real delegations, ERC-1271 / ERC-6492, disabledDelegations)
 * and over the harness's in-memory world, with a model that throws if called — authority is decided without one. Then
 * a page with no wire calls every method the background has, and every method a wallet page might try, through the
 * real router.
 */
const WORLDS: { id: 'real' | 'memory'; make: () => Promise<World> }[] = [
  { id: 'real', make: () => realWorld({ model: throwingModel() }) },
  { id: 'memory', make: () => memoryWorld({ model: throwingModel(), ontology: GENERATED_ONTOLOGY }) },
];

/** Methods a page might try that the background does not have: each must be refused like any other. */
const GUESSED_METHODS = [
  'home_connect',
  'home_grantAskAsMe',
  'home_ask',
  'harness.ask',
  'eth_requestAccounts',
  'eth_sendTransaction',
  'personal_sign',
  'wallet_grantPermissions',
  'home_sign',
  'home_revoke',
];

async function runCaseIn(c: AuthorityCase, make: () => Promise<World>): Promise<Outcome> {
  try {
    return await c.run(await make());
  } catch (error) {
    return {
      refused: false,
      code: `crashed: ${error instanceof Error ? error.message.slice(0, 120) : String(error)}`,
      acted: false,
    };
  }
}

/**
 * Page methods the design opens to a page (DESIGN §10): ping; connect and ask for a grant (each opens the person's
 * consent window, signing nothing until they approve there); ask-as-me, which the harness admits only with a good
 * wire; and the same ask in A2A's terms (SendMessage carries the wire's credential; GetTask and CancelTask answer
 * only the origin that made the task: src/home/a2a-tasks).
 */
export const PAGE_OPEN = [
  'home_ping',
  'home_connect',
  'home_grantAskAsMe',
  'home_ask',
  'SendMessage',
  'GetTask',
  'CancelTask',
];

type PageRow = { method: string; open: boolean; refused: boolean; code: string; reached: number };

/** Each method twice: with empty params, and with params its own schema accepts (when it has one). */
async function pageWithoutWire(): Promise<PageRow[]> {
  const world = routerWorld();
  const sender = { kind: 'content-script' as const, origin: 'https://evil.example', tabId: 9, frameId: 0 };
  const methods = [...new Set([...world.registry.types(), ...GUESSED_METHODS])]
    .filter((m) => /^[A-Za-z][A-Za-z0-9_.]*$/.test(m))
    .sort();
  const rows: PageRow[] = [];
  for (const method of methods) {
    const schema = world.schemaOf(method);
    const example = schema === undefined ? null : exampleOf(schema);
    const params =
      example !== null && typeof example.params === 'object'
        ? example.params
        : example === null
          ? {}
          : Object.fromEntries(Object.entries(example).filter(([k]) => k !== 'type'));
    for (const p of [{}, params]) {
      world.reached.length = 0;
      const reply = await world.router.route({ type: 'page.relay', method, params: p }, sender);
      const refused = reply !== undefined && !reply.ok && WireError.safeParse(reply.error).success;
      rows.push({
        method,
        open: world.registry.get(method)?.senders.includes('page') === true,
        refused,
        code: reply === undefined ? 'no reply' : reply.ok ? 'answered' : reply.error.code,
        reached: world.reached.length,
      });
    }
  }
  return rows;
}

export async function authorityReport(): Promise<SuiteReport> {
  const cases = [...MANDATE_CASES, ...ASK_AS_ME_CASES, ...READ_CASES];
  const outcomes: Record<string, Record<string, Outcome>> = {};
  for (const c of cases) {
    outcomes[c.id] = {};
    for (const w of WORLDS) outcomes[c.id]![w.id] = await runCaseIn(c, w.make);
  }
  const held = (o: Outcome) => o.refused && !o.acted;
  const page = await pageWithoutWire();
  const handOffs = await handOffOutcomes();
  const forwards = await forwardOutcomes();
  const forwardHeld = FORWARD_CASES.filter((c) => forwards[c.id]!.refused);
  const routed = await routedOutcomes();
  const routedHeld = ROUTED_CASES.filter((c) => routed[c.id]!.refused && !routed[c.id]!.acted);
  const routedBites = ROUTED_CASES.filter((c) => routed[c.id]!.bites);
  const handOffHeld = HAND_OFF_CASES.filter((c) => handOffs[c.id]!.refused && !handOffs[c.id]!.acted);
  // A page without a wire may ping (it learns the origin Home Agent saw), connect, ask for a grant, and present a
  // wire (which the harness checks: see the ask-as-me cases); every other method is refused before any handler.
  const pageHeld = (r: PageRow) => (r.open ? PAGE_OPEN.includes(r.method) : r.refused && r.reached === 0);
  const others = page.filter((r) => !r.open);
  const failing = cases.filter((c) => WORLDS.some((w) => !held(outcomes[c.id]![w.id]!)));
  const n = cases.length;
  return {
    id: 'authority',
    title: 'Authority: mandates, co-signatures, ask-as-me wires, a page without a wire',
    tables: [
      {
        title: 'Acts without good authority (real vault + embedded EVM; in-memory world)',
        head: ['case', 'door', 'real parts', 'in-memory', 'refused, nothing done'],
        rows: cases.map((c) => [
          c.title,
          c.door,
          outcomes[c.id]!.real!.code,
          outcomes[c.id]!.memory!.code,
          WORLDS.every((w) => held(outcomes[c.id]![w.id]!)) ? 'yes' : 'NO',
        ]),
      },
      {
        title: 'Hand-offs under child mandates (embedded EVM: the wallet’s verifier, then the DelegationManager)',
        head: ['case', 'verifier', 'chain (the specialist redeems)', 'refused, nothing done'],
        rows: HAND_OFF_CASES.map((c) => {
          const o = handOffs[c.id]!;
          return [c.title, o.verifier, o.chain, o.refused && !o.acted ? 'yes' : 'NO'];
        }),
      },
      {
        title: 'Forwarded credentials on routed hops (embedded EVM: ERC-1271 / ERC-6492, the nonce spent once)',
        head: ['case', 'receiver says', 'refused'],
        rows: FORWARD_CASES.map((c) => [c.title, forwards[c.id]!.code, forwards[c.id]!.refused ? 'yes' : 'NO']),
      },
      {
        title: 'Routed steps at the room’s routed door (real vault + embedded EVM; control: the door checks nothing)',
        head: ['case', 'the room’s door says', 'refused, no run begun', 'control run'],
        rows: ROUTED_CASES.map((c) => {
          const o = routed[c.id]!;
          return [c.title, o.code, o.refused && !o.acted ? 'yes' : 'NO', o.control];
        }),
      },
      {
        title: 'A page with no wire calling window.homeAgent (through the real router)',
        head: [
          'methods',
          'calls (empty and valid params)',
          'refused in words, no handler reached',
          'open to pages by design',
        ],
        rows: [
          [
            new Set(page.map((r) => r.method)).size,
            page.length,
            `${others.filter((r) => r.refused && r.reached === 0).length} of ${others.length}`,
            [...new Set(page.filter((r) => r.open).map((r) => r.method))].join(', '),
          ],
        ],
      },
    ],
    targets: [
      {
        name: 'acts and asks without good authority refused, nothing done (both worlds)',
        figure: `${n - failing.length}/${n} (${pct(n - failing.length, n)}; target 100%)`,
        met: failing.length === 0,
      },
      {
        name: 'child mandates not at most the parent refused by the verifier and by the chain, nothing done',
        figure: `${handOffHeld.length}/${HAND_OFF_CASES.length} (target 100%)`,
        met: handOffHeld.length === HAND_OFF_CASES.length,
      },
      {
        name: 'forwarded credentials for another addressee, another audience, spent twice or forged: refused',
        figure: `${forwardHeld.length}/${FORWARD_CASES.length} (target 100%)`,
        met: forwardHeld.length === FORWARD_CASES.length,
      },
      {
        name: 'routed steps with a credential for another addressee, another audience, spent twice or forged: refused at the door',
        figure: `${routedHeld.length}/${ROUTED_CASES.length} (target 100%)`,
        met: routedHeld.length === ROUTED_CASES.length,
      },
      {
        name: 'the control run lets every routed case in (each refusal is what stops it)',
        figure: `${routedBites.length}/${ROUTED_CASES.length} (target 100%)`,
        met: routedBites.length === ROUTED_CASES.length,
      },
      {
        name: 'a page without a wire: every method but the four the design opens refused, no handler reached',
        figure: `${page.filter(pageHeld).length}/${page.length}`,
        met: page.every(pageHeld),
      },
    ],
    worst: [
      ...failing.map(
        (c) =>
          `${c.id}: ${WORLDS.map((w) => `${w.id} → ${outcomes[c.id]![w.id]!.code}${outcomes[c.id]![w.id]!.acted ? ' (ACTED)' : ''}`).join('; ')}`,
      ),
      ...HAND_OFF_CASES.filter((c) => !handOffHeld.includes(c)).map(
        (c) =>
          `${c.id}: verifier → ${handOffs[c.id]!.verifier}; chain → ${handOffs[c.id]!.chain}${handOffs[c.id]!.acted ? ' (ACTED)' : ''}`,
      ),
      ...FORWARD_CASES.filter((c) => !forwardHeld.includes(c)).map((c) => `${c.id}: ${forwards[c.id]!.code}`),
      ...ROUTED_CASES.filter((c) => !routedHeld.includes(c) || !routedBites.includes(c)).map(
        (c) => `${c.id}: door → ${routed[c.id]!.code}; control → ${routed[c.id]!.control}`,
      ),
      ...page
        .filter((r) => !pageHeld(r))
        .map(
          (r) =>
            `page method ${r.method}: ${r.code}, ${r.reached} dependencies reached${r.open ? ' (open to pages, and not one the design opens)' : ''}`,
        ),
    ],
    notes: [
      'A child allowing two calls under a one-call parent: the one call the parent allows goes through (the person signed it); the second is refused by the parent’s LimitedCallsEnforcer — the chain row shows the last attempt.',
      '"AUTHORITY_REQUIRED (still asks the person)" counts as refused: the act did not run and waits for a mandate only the person can sign.',
      'A mandate for other args or another recipient is refused first for its plan digest (the plan binds the args); the args, amount and recipient checks stand behind it.',
      "home_connect and home_grantAskAsMe reach their handlers, which open the person's consent window and sign nothing until the person approves there (src/messaging/handlers/page-apps.ts and its tests); home_ask reaches the harness's ask-as-me door, whose refusals are the ask-as-me rows above.",
    ],
  };
}

export const authoritySuite: ProofSuite = { id: 'authority', title: 'Authority', run: authorityReport };
