import type { Hex } from 'viem';
import { deploySmartAgent } from '../src/wallet/accounts/deploy-smart-agent';
import { createMemoryChainStateStore } from '../src/wallet/chain/chain-state-store';
import { openEmbeddedChain } from '../src/wallet/chain/open-embedded-chain';
import { openRpcChain } from '../src/wallet/chain/open-rpc-chain';
import type { WalletChain } from '../src/wallet/chain/wallet-chain';
import { deployHomeEnvironment } from '../src/wallet/deploy/deploy-home-environment';
import { offChainMandateScope } from '../src/wallet';
import { signScopedDelegation } from '../src/wallet/delegations/sign-scoped-delegation';
import { delegationHashOf } from '../src/wallet/delegations/delegation-codec';
import { startAnvil } from '../src/wallet/testing/anvil';
import { createTestbed, type Party, type Testbed } from '../src/wallet/testing/testbed';
import { readRevoked } from '../src/wallet/verify/read-revoked';
import { verifyMandate } from '../src/wallet/mandates/verify';
import { measure, median, type BenchRow, type BenchSuite } from './run';

const RUNS = 60;

type Figures = {
  deployed: number;
  counterfactual: number;
  revocation: number;
  deployedCpu: number;
  counterfactualCpu: number;
};

/** CPU milliseconds this process spent per run of `work`: robust to other processes on a shared machine. */
async function cpuPerRun(work: () => Promise<unknown>, runs: number): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < runs; i++) await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / runs;
}

async function mandateOf(bed: Testbed, party: Party) {
  return signScopedDelegation(bed.chain, {
    owner: party.owner,
    agent: party.agent,
    delegate: bed.harness.address,
    scope: offChainMandateScope({
      chainId: bed.chain.chainId,
      binding: bed.binding('memory.write'),
      window: bed.window(-60, 3600),
    }),
  });
}

/** Median ms of a full mandate verification (shape, caveats, signature, revocation) for both kinds of account. */
async function verificationFigures(chain: WalletChain): Promise<Figures> {
  const bed = await createTestbed(chain);
  const deployed = await bed.freshAgent('alice');
  await deploySmartAgent(chain, deployed.agent, bed.harness);
  const counterfactual = await bed.freshAgent('alice');
  const figures: Partial<Figures> = {};
  for (const [kind, party] of [
    ['deployed', deployed],
    ['counterfactual', counterfactual],
  ] as const) {
    const mandate = await mandateOf(bed, party);
    const verify = async () => {
      const verdict = await verifyMandate(chain, {
        mandate,
        now: bed.now(),
        delegate: bed.harness.address,
        usesSoFar: 0,
      });
      if (!verdict.ok) throw new Error(`verification refused: ${verdict.message}`);
    };
    figures[kind] = median(await measure(verify, RUNS));
    figures[kind === 'deployed' ? 'deployedCpu' : 'counterfactualCpu'] = await cpuPerRun(verify, RUNS);
  }
  const hash: Hex = delegationHashOf((await mandateOf(bed, deployed)).delegation);
  figures.revocation = median(await measure(() => readRevoked(chain, hash), RUNS));
  return figures as Figures;
}

export const suite: BenchSuite = {
  description:
    'wallet on the embedded EVM vs anvil in the same run: mandate verification, revocation read, snapshot restore vs deploy',
  async run(): Promise<BenchRow[]> {
    const deployTimes: number[] = [];
    let snapshot: Uint8Array | undefined;
    for (let i = 0; i < 3; i++) {
      const store = createMemoryChainStateStore();
      const started = performance.now();
      await openEmbeddedChain({ store });
      deployTimes.push(performance.now() - started);
      snapshot = store.bytes;
    }
    const restoreTimes = await measure(
      () => openEmbeddedChain({ store: createMemoryChainStateStore(snapshot) }),
      20,
      2,
    );
    const embedded = await verificationFigures(
      await openEmbeddedChain({ store: createMemoryChainStateStore(snapshot) }),
    );

    const node = await startAnvil();
    let anvil: Figures;
    try {
      const chain = await openRpcChain({ url: node.url, deployment: 'home', pollingInterval: 20 });
      await deployHomeEnvironment(chain.client);
      anvil = await verificationFigures(chain);
    } finally {
      await node.stop();
    }
    const deploy = median(deployTimes);
    const restore = median(restoreTimes);
    return [
      {
        name: 'embedded: verify mandate, deployed Smart Agent (ERC-1271), median',
        value: embedded.deployed,
        unit: 'ms',
        target: '≤ 25 ms',
      },
      {
        name: 'embedded: verify mandate, counterfactual Smart Agent (ERC-6492), median',
        value: embedded.counterfactual,
        unit: 'ms',
        target: '≤ 25 ms',
      },
      {
        name: 'embedded: CPU per verification (mean, all threads incl. GC), deployed',
        value: embedded.deployedCpu,
        unit: 'ms',
      },
      {
        name: 'embedded: CPU per verification (mean, all threads incl. GC), counterfactual',
        value: embedded.counterfactualCpu,
        unit: 'ms',
      },
      { name: 'anvil: verify mandate, deployed, median', value: anvil.deployed, unit: 'ms' },
      { name: 'anvil: verify mandate, counterfactual, median', value: anvil.counterfactual, unit: 'ms' },
      { name: 'ratio embedded / anvil, deployed', value: embedded.deployed / anvil.deployed, unit: 'x' },
      {
        name: 'ratio embedded / anvil, counterfactual',
        value: embedded.counterfactual / anvil.counterfactual,
        unit: 'x',
      },
      { name: 'embedded: revocation read (disabledDelegations), median', value: embedded.revocation, unit: 'ms' },
      { name: 'anvil: revocation read, median', value: anvil.revocation, unit: 'ms' },
      { name: 'embedded: fresh chain + deploy framework and USDC, median of 3', value: deploy, unit: 'ms' },
      { name: 'embedded: restore from snapshot, median of 20', value: restore, unit: 'ms' },
      { name: 'ratio deploy / restore', value: deploy / restore, unit: 'x' },
      { name: 'embedded: snapshot size after deployment', value: (snapshot?.length ?? 0) / 1024, unit: 'kB' },
    ];
  },
};
