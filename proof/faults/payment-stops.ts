import { getAddress, keccak256, type Hex } from 'viem';
import { createHomeAgent, fixedKeys, type HomeAgent } from '../../src/agent';
import { demoAddressOf } from '../../src/agent/demo';
import { openDemoHome, type DemoHomeParts } from '../../src/agent/testing/demo-home';
import { FixedClock } from '../../src/harness/testing';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../../src/protocol/demo-identities';
import type { Result } from '../../src/protocol/errors';
import type { AskResponse } from '../../src/protocol/harness-reply';
import { usdcBalanceOf, type WalletChain } from '../../src/wallet';
import { newSwitch, stoppable, type StopPoint, type Switch } from './stoppable';
import type { FaultRow } from './report';

/**
 * (a) The worker stopped at every step of a payment run. For each point, a fresh demo Home (the
 * Dexie vault on fake-indexeddb, the embedded EVM with the MetaMask framework): a composition root over wrapped
 * ports is abandoned at that point (stoppable.ts), a new one is built over the same vault and the chain re-opened
 * from the vault's snapshot, and the person carries on as the product lets them — signs the request still waiting
 * in their list, or asks again with the run. Held to: the run ends `done` with the first transaction's hash, the USDC
 * moved once, the harness agent's nonce advanced once, one receipt, one mandate — and a replay says the same.
 */
const ASK = 'Send 2 USDC to nathan.treasury toward the retreat deposit.';
const AMOUNT = 2_000_000n;

type StopCase = { id: string; fault: string; point: StopPoint; then: 'sign' | 'resume' };
const status = (s: string) => (args: readonly unknown[]) => (args[0] as { status?: string }).status === s;

export const PAYMENT_STOPS: readonly StopCase[] = [
  {
    id: 'admitted',
    fault: 'after admission: the plan admitted and the run checkpointed waiting for the mandate, before the reply',
    point: { path: 'vault.runs.save', when: status('awaiting') },
    then: 'sign',
  },
  {
    id: 'mandate-stored',
    fault: 'after the person signed and the mandate was stored, before the run resumed',
    point: { path: 'vault.mandates.record' },
    then: 'sign',
  },
  {
    id: 'executing',
    fault: 'after the step was checkpointed as executing, before its call was counted',
    point: { path: 'vault.runs.save', when: (a) => JSON.stringify(a[0]).includes('"status":"executing"') },
    then: 'resume',
  },
  {
    id: 'call-counted',
    fault: "after the mandate's call was counted, before the redemption was prepared",
    point: { path: 'vault.mandates.use' },
    then: 'resume',
  },
  {
    id: 'redemption-recorded',
    fault: 'after the signed redemption was recorded, before it was sent',
    point: { path: 'vault.provenance.put', when: (a) => (a[0] as { kind?: string }).kind === 'run.record' },
    then: 'resume',
  },
  {
    id: 'sent',
    fault: "after the transaction was sent (and mined), before the chain's receipt was read",
    point: { path: 'chain.client.sendRawTransaction' },
    then: 'resume',
  },
  {
    id: 'mined',
    fault: 'after the chain receipt was read, before the read-back and the step receipt',
    point: { path: 'chain.client.waitForTransactionReceipt' },
    then: 'resume',
  },
  {
    id: 'receipt-written',
    fault: "after the step's receipt was written, before the run's record",
    point: { path: 'vault.receipts.append' },
    then: 'resume',
  },
  {
    id: 'run-recorded',
    fault: "after the run's last record (done), before the reply reached the person",
    point: { path: 'vault.runs.save', when: status('done') },
    then: 'resume',
  },
];

const keys = fixedKeys({ owner: DEMO_PEOPLE.alice.privateKey, harness: DEMO_SERVICES['harness-agent'].privateKey });

/** Records every transaction sent through a chain (by hash), without stopping anything. */
function sendsOf(chain: WalletChain, sent: Hex[], sw: Switch = newSwitch(null)): WalletChain {
  const client = new Proxy(chain.client, {
    get(t, key, receiver) {
      const value: unknown = Reflect.get(t, key, receiver);
      if (key !== 'sendRawTransaction' || typeof value !== 'function') return value;
      return (args: { serializedTransaction: Hex }) => {
        if (!sw.stopped) sent.push(keccak256(args.serializedTransaction));
        return (value as (a: unknown) => unknown).call(t, args);
      };
    },
  });
  return { ...chain, client };
}

const build = (parts: DemoHomeParts, chain: WalletChain, clock: FixedClock, vault = parts.vault): HomeAgent =>
  createHomeAgent({ vault, chain, keys, clock, model: null });

const quietly = async <T>(work: () => Promise<T>): Promise<T | Error> =>
  work().catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));

export type StopOutcome = {
  c: StopCase;
  tripped: string | null;
  done: boolean;
  txHash: Hex | null;
  firstSent: Hex | null;
  usdcMoved: bigint;
  paidOut: bigint;
  nonceAdvanced: number;
  receipts: number;
  mandates: number;
  replaySame: boolean;
  words: string;
};

export async function runPaymentStop(c: StopCase): Promise<StopOutcome> {
  const clock = new FixedClock();
  const parts = await openDemoHome(clock, { name: `faults-${c.id}` });
  const [alice, nathan] = [getAddress(await demoAddressOf('alice')), getAddress(await demoAddressOf('nathan'))];
  const harness = DEMO_SERVICES['harness-agent'].address;
  const [alice0, nathan0] = [await usdcBalanceOf(parts.chain, alice), await usdcBalanceOf(parts.chain, nathan)];
  const nonce0 = await parts.chain.client.getTransactionCount({ address: harness });

  // The first worker: its ports wrapped, abandoned at the point.
  const sw = newSwitch(c.point);
  const sent: Hex[] = [];
  const first = build(
    parts,
    stoppable(sendsOf(parts.chain, sent, sw), sw, 'chain', 2),
    clock,
    stoppable(parts.vault, sw, 'vault', 2, ['db']),
  );
  let runRef: string | null = null;
  const asked = await quietly(() => first.ask({ message: ASK, surface: 'sidepanel' }));
  if (!(asked instanceof Error) && asked.ok && asked.data.reply.kind === 'authority_required')
    runRef = asked.data.runRef;
  if (!sw.stopped && runRef !== null) await quietly(() => first.sign({ runRef: runRef!, surface: 'popup' }));

  // The second worker: the same vault, the chain re-opened from the vault's snapshot.
  const chain = await parts.reopenChain();
  const second = build(parts, sendsOf(chain, sent), clock);
  if (runRef === null) runRef = (await second.pending()).find((p) => p.words === ASK)?.runRef ?? null;
  let result: Result<AskResponse> | Error = new Error('the run was not found after the restart');
  if (runRef !== null) {
    const ref = runRef;
    const waiting = (await second.pending()).some((p) => p.runRef === ref && p.waitingFor === 'authority');
    // The person does what the product shows them: a request waiting for their signature is signed; else they ask again.
    result = await quietly(async () =>
      waiting
        ? (await second.sign({ runRef: ref, surface: 'popup' })).response
        : second.resume({ runRef: ref, surface: 'sidepanel' }),
    );
  }
  const reply = result instanceof Error || !result.ok ? null : result.data.reply;
  const receipt = reply?.kind === 'done' ? reply.receipts.find((r) => r.toolId === 'payment.usdc.send') : undefined;
  const replay = runRef === null ? null : await second.resume({ runRef, surface: 'sidepanel' });
  const replayed =
    replay !== null && replay.ok && replay.data.reply.kind === 'done'
      ? replay.data.reply.receipts.find((r) => r.toolId === 'payment.usdc.send')?.txHash
      : undefined;
  const words =
    result instanceof Error
      ? result.message
      : result.ok
        ? `${result.data.reply.kind}: ${'text' in result.data.reply ? String(result.data.reply.text) : ''}`
        : `${result.error.code}: ${result.error.message}`;
  return {
    c,
    tripped: sw.trippedAt,
    done: reply?.kind === 'done',
    txHash: receipt?.txHash ?? null,
    firstSent: sent[0] ?? null,
    usdcMoved: alice0 - (await usdcBalanceOf(chain, alice)),
    paidOut: (await usdcBalanceOf(chain, nathan)) - nathan0,
    nonceAdvanced: (await chain.client.getTransactionCount({ address: harness })) - nonce0,
    receipts: runRef === null ? 0 : (await parts.vault.receipts.byRun(runRef)).rows.length,
    mandates: runRef === null ? 0 : (await parts.vault.mandates.list({ runRef })).rows.length,
    replaySame: replayed !== undefined && replayed === receipt?.txHash,
    words: words.slice(0, 160),
  };
}

export function stopRow(o: StopOutcome): FaultRow {
  const pass =
    o.tripped !== null &&
    o.done &&
    o.txHash !== null &&
    o.txHash === o.firstSent &&
    o.usdcMoved === AMOUNT &&
    o.paidOut === AMOUNT &&
    o.nonceAdvanced === 1 &&
    o.receipts === 1 &&
    o.mandates === 1 &&
    o.replaySame;
  const observed =
    o.tripped === null
      ? `the stop point was never reached; ${o.words}`
      : `${o.done ? 'done' : `not done (${o.words})`}; tx ${o.txHash === null ? 'none' : o.txHash === o.firstSent ? 'the first sent' : 'ANOTHER'}; payer −${Number(o.usdcMoved) / 1e6} USDC, payee +${Number(o.paidOut) / 1e6}; nonce +${o.nonceAdvanced}; ${o.receipts} receipt, ${o.mandates} mandate; replay ${o.replaySame ? 'same tx' : 'DIFFERS'}`;
  return {
    group: 'worker stopped mid-payment',
    fault: `stopped ${o.c.fault} (${o.c.point.path})`,
    expected: `${o.c.then === 'sign' ? 'signed from the pending list' : 'asked again with the run'} → done, the first tx hash, 2 USDC once, nonce +1`,
    observed,
    pass,
  };
}

export async function paymentStopRows(): Promise<FaultRow[]> {
  const rows: FaultRow[] = [];
  for (const c of PAYMENT_STOPS) rows.push(stopRow(await runPaymentStop(c)));
  return rows;
}
