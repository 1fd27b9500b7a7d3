import type { Mandate, MandateChain } from '../../src/protocol/delegation';
import {
  deriveChildMandate,
  payWithMandate,
  revokeDelegation,
  usdcBalanceOf,
  verifyChildMandate,
} from '../../src/wallet';
import { paymentMandateToBob } from '../../src/wallet/testing/payment-mandate-to-bob';
import { signChildLink } from '../../src/wallet/testing/sign-child-link';
import { createTestbed, openTestEmbeddedChain, type Testbed } from '../../src/wallet/testing/testbed';

/**
 * The hand-off cases: every way a specialist might act under a child mandate that is not at most the person's —
 * a child wider than its parent (amount, recipient, expiry, calls), a chain with a gap, a child of a revoked parent.
 * Each is put to the wallet's verifier and then to the DelegationManager itself (the specialist redeeming the chain
 * with its own key); a case passes when both refuse and no USDC moved.
 */
export type HandOffOutcome = { verifier: string; chain: string; refused: boolean; acted: boolean };
export type HandOffCase = { id: string; title: string; run: (b: Testbed) => Promise<HandOffOutcome> };

let n = 0;
const parentOf = (b: Testbed, maxAmount = 2_000_000n, calls = 1): Promise<Mandate> =>
  paymentMandateToBob(b, { capability: 'payment.usdc.send', stepRef: `proof-hand-off-${++n}`, maxAmount, calls });

async function attempt(
  b: Testbed,
  links: MandateChain,
  amount: bigint,
  times = 1,
  to = b.bob.agent.address,
): Promise<HandOffOutcome> {
  const before = await usdcBalanceOf(b.chain, to);
  const checked = await verifyChildMandate(b.chain, { links, now: b.now(), delegate: b.specialist.address });
  let chain = 'accepted';
  for (let i = 0; i < times; i++) {
    const paid = await payWithMandate(b.chain, {
      mandate: links,
      recipient: to,
      amount,
      redeemer: b.specialist,
      record: async () => undefined,
    });
    chain = paid.ok ? 'accepted' : paid.code;
  }
  const acted = (await usdcBalanceOf(b.chain, to)) !== before + (times > 1 ? amount : 0n);
  const verifier = checked.ok ? 'accepted' : checked.code;
  return { verifier, chain, refused: !checked.ok && chain !== 'accepted', acted };
}

const widerChild =
  (field: 'amount' | 'recipient' | 'expiry' | 'calls', amount: bigint): HandOffCase['run'] =>
  async (b) => {
    const parent = await parentOf(b);
    const s = parent.scope;
    const act = s.act.kind === 'chain' ? s.act : null;
    const scope =
      field === 'amount'
        ? { ...s, act: { ...act!, erc20: { ...act!.erc20!, maxAmount: '3000000' } } }
        : field === 'recipient'
          ? { ...s, act: { ...act!, erc20: { ...act!.erc20!, recipient: b.stranger.agent.address } } }
          : field === 'expiry'
            ? { ...s, window: { ...s.window, validBefore: s.window.validBefore + 3600 } }
            : { ...s, calls: 2 };
    const child = await signChildLink(b.chain, { parent, delegator: b.harness, delegate: b.specialist.address, scope });
    if (field === 'expiry') {
      // Within the parent's window the child can do only what the parent can; past it, the chain refuses the child.
      await b.chain.client.request({ method: 'evm_increaseTime' as never, params: [700] as never });
      await b.chain.client.request({ method: 'evm_mine' as never, params: [] as never });
    }
    const to = field === 'recipient' ? b.stranger.agent.address : b.bob.agent.address;
    return attempt(b, [child, parent], amount, field === 'calls' ? 2 : 1, to);
  };

export const HAND_OFF_CASES: HandOffCase[] = [
  {
    id: 'child-wider-amount',
    title: 'a child allowing 3 USDC under a 2 USDC parent',
    run: widerChild('amount', 3_000_000n),
  },
  {
    id: 'child-other-recipient',
    title: 'a child paying another recipient than its parent',
    run: widerChild('recipient', 1n),
  },
  { id: 'child-more-calls', title: 'a child allowing two calls under a one-call parent', run: widerChild('calls', 1n) },
  {
    id: 'chain-gap',
    title: 'a child of another mandate presented under this one (a chain with a gap)',
    async run(b) {
      const [parent, other] = [await parentOf(b), await parentOf(b)];
      const child = await deriveChildMandate(b.chain, {
        parent: other,
        delegator: b.harness,
        delegate: b.specialist.address,
      });
      return attempt(b, [child.chain[0]!, parent], 1n);
    },
  },
  {
    id: 'chain-gap-signer',
    title: 'a child signed by someone who does not hold the parent',
    async run(b) {
      const parent = await parentOf(b);
      const child = await signChildLink(b.chain, {
        parent,
        delegator: b.stranger.owner,
        delegate: b.specialist.address,
        scope: parent.scope,
      });
      return attempt(b, [child, parent], 1n);
    },
  },
  {
    id: 'parent-revoked',
    title: 'a child of a parent the person revoked after the hand-off',
    async run(b) {
      const parent = await parentOf(b);
      const child = await deriveChildMandate(b.chain, { parent, delegator: b.harness, delegate: b.specialist.address });
      await revokeDelegation(b.chain, {
        owner: b.alice.owner,
        agent: b.alice.agent,
        delegation: parent.delegation,
        submitter: b.harness,
      });
      return attempt(b, child.chain, 1n);
    },
  },
  // Last: it moves the chain's clock past every parent's window.
  {
    id: 'child-outlives-parent',
    title: 'a child that runs an hour past its parent (tried on chain after the parent ended)',
    run: widerChild('expiry', 1n),
  },
];

/** Every hand-off case on one embedded chain (the wallet's testbed: the demo keys, funded). */
export async function handOffOutcomes(): Promise<Record<string, HandOffOutcome>> {
  const b = await createTestbed(await openTestEmbeddedChain());
  const out: Record<string, HandOffOutcome> = {};
  for (const c of HAND_OFF_CASES) {
    try {
      out[c.id] = await c.run(b);
    } catch (error) {
      const code = `crashed: ${error instanceof Error ? error.message.slice(0, 120) : String(error)}`;
      out[c.id] = { verifier: code, chain: code, refused: false, acted: false };
    }
  }
  return out;
}
