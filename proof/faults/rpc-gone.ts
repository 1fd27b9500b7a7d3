import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getAddress, type Hex } from 'viem';
import { createHomeAgent } from '../../src/agent';
import { demoAddressOf, prepareDemoChain } from '../../src/agent/demo';
import { DEMO_SERVICES } from '../../src/protocol/demo-identities';
import { loadDemoVault } from '../../src/vault/demo/load';
import { openVaultRepositories } from '../../src/vault/vault';
import { deployHomeEnvironment, openRpcChain, usdcBalanceOf, type WalletChain } from '../../src/wallet';
import { startAnvil, type AnvilNode } from '../../src/wallet/testing/anvil';
import { inWords, keys, PAY } from './home';
import type { FaultRow } from './report';

/**
 * (c) The RPC node gone: the person's agent on anvil through the RPC option (`openRpcChain`, as
 * the person's `chain.mode: 'rpc'` setting builds it), Alice's demo vault on fake-indexeddb. The node is killed while
 * a payment waits for the person's signature: the signature and the resume that verifies the mandate must fail
 * closed in words, with nothing paid. Then anvil comes back at the same address with its chain (dumped before the
 * kill, as a node keeps its chain on disk) and the same agent — nothing rebuilt — pays, once.
 */
const GROUP = 'the RPC node gone';

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error !== undefined) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

export async function rpcGoneRows(): Promise<FaultRow[]> {
  let node: AnvilNode = await startAnvil();
  try {
    const chain: WalletChain = await openRpcChain({ url: node.url, deployment: 'home', pollingInterval: 20 });
    await deployHomeEnvironment(chain.client);
    await prepareDemoChain(chain);
    // Anvil's blocks carry the wall clock, so the agent's and the vault's clocks are the wall clock too.
    const clock = { now: () => Date.now() };
    const vault = await openVaultRepositories('faults-rpc', { indexedDB: new IDBFactory(), IDBKeyRange, clock });
    await loadDemoVault(vault, { addressOf: demoAddressOf });
    const agent = createHomeAgent({ vault, chain, keys, clock, model: null });
    const [alice, nathan] = [getAddress(await demoAddressOf('alice')), getAddress(await demoAddressOf('nathan'))];
    const harness = DEMO_SERVICES['harness-agent'].address;
    const ledger = async () => ({
      alice: await usdcBalanceOf(chain, alice),
      nathan: await usdcBalanceOf(chain, nathan),
      nonce: await chain.client.getTransactionCount({ address: harness }),
    });
    const before = await ledger();

    const asked = await agent.ask({ message: PAY, surface: 'sidepanel' });
    if (!asked.ok || asked.data.reply.kind !== 'authority_required')
      throw new Error('the payment did not wait for a mandate');
    const run = asked.data.runRef;
    const state = (await rpc(node.url, 'anvil_dumpState')) as Hex;
    const port = node.port;
    await node.stop();

    const signed = await inWords(() => agent.sign({ runRef: run, surface: 'popup' }));
    const resumed = await inWords(() => agent.resume({ runRef: run, surface: 'sidepanel' }));
    const read = await inWords(() => agent.ask({ message: "Who's in Missio Nexus right now?", surface: 'sidepanel' }));
    const receiptsWhileGone = (await vault.receipts.byRun(run)).rows.length;

    node = await startAnvil({ port });
    await rpc(node.url, 'anvil_loadState', [state]);
    const afterGone = await ledger();
    const nothing =
      afterGone.alice === before.alice &&
      afterGone.nathan === before.nathan &&
      afterGone.nonce === before.nonce &&
      receiptsWhileGone === 0;
    // Back: the run, if it still waits, is signed; else the person asks again.
    const waiting = (await agent.pending()).some((p) => p.runRef === run && p.waitingFor === 'authority');
    let again = run;
    if (!waiting) {
      const asked2 = await agent.ask({ message: PAY, surface: 'sidepanel' });
      if (asked2.ok && asked2.data.reply.kind === 'authority_required') again = asked2.data.runRef;
    }
    const back = await inWords(() => agent.sign({ runRef: again, surface: 'popup' }));
    const after = await ledger();
    const paidOnce =
      before.alice - after.alice === 2_000_000n &&
      after.nathan - before.nathan === 2_000_000n &&
      after.nonce - before.nonce === 1;

    const failedClosed = (o: { kind: string }) => o.kind !== 'done' && o.kind !== 'authority_required';
    return [
      {
        group: GROUP,
        fault: 'anvil killed while a payment waits; the person signs (the resume verifies the mandate)',
        expected: 'fails closed in words; nothing signed into effect, nothing paid',
        observed: `sign: ${signed.code ?? signed.kind} — ${signed.words.slice(0, 200)} Resume: ${resumed.code ?? resumed.kind}. ${nothing ? 'Nothing paid, nonce unchanged, no receipt' : 'SOMETHING MOVED'}.`,
        pass: failedClosed(signed) && failedClosed(resumed) && nothing,
      },
      {
        group: GROUP,
        fault: 'anvil gone: a question answered from the vault alone',
        expected: 'answered (reads of the vault need no chain)',
        observed: `${read.kind}: ${read.words.slice(0, 160)}`,
        pass: read.kind === 'answer',
      },
      {
        group: GROUP,
        fault: `anvil back at the same address with its chain; ${waiting ? 'the waiting run signed' : 'the person asks again and signs'}`,
        expected: 'done, the same agent (nothing rebuilt); 2 USDC once, nonce +1',
        observed: `${back.kind}${back.code !== null ? ` ${back.code}` : ''}: ${back.words.slice(0, 120)}; payer −${Number(before.alice - after.alice) / 1e6} USDC, payee +${Number(after.nathan - before.nathan) / 1e6}, nonce +${after.nonce - before.nonce}`,
        pass: back.kind === 'done' && paidOnce,
      },
    ];
  } finally {
    await node.stop();
  }
}
