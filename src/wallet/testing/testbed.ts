import { parseEther, type Hex, type LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { IntentBinding, TimeWindow } from '../../protocol/delegation';
import {
  DEMO_ORGANIZATIONS,
  DEMO_PEOPLE,
  DEMO_SERVICES,
  demoSalt,
  type DemoPersonId,
} from '../../protocol/demo-identities';
import { digestOf } from '../../protocol/digest';
import { fundOnLocalChain } from '../accounts/fund';
import { smartAgentOf, type SmartAgent } from '../accounts/smart-agent';
import { createMemoryChainStateStore } from '../chain/chain-state-store';
import { openEmbeddedChain, type EmbeddedWalletChain } from '../chain/open-embedded-chain';
import type { WalletChain } from '../chain/wallet-chain';
import { mintTestUsdc } from '../tokens/usdc';

/** A party of the tests: a demo owner key and one of its Smart Agents. */
export type Party = { owner: LocalAccount; agent: SmartAgent };

/** What wallet tests work with, on any Home Agent chain (embedded or anvil): the demo identities, funded. */
export type Testbed = {
  chain: WalletChain;
  alice: Party;
  /** Missio Nexus: owned by Alice's key, its own salt (DESIGN §10). */
  missio: Party;
  bob: Party;
  carol: Party;
  stranger: Party;
  /** The harness agent (delegate of mandates, funded for gas). */
  harness: LocalAccount;
  /** HeartCoach's service key (delegate of wires and grants, signer of caller assertions). */
  app: LocalAccount;
  /** The payment specialist a hand-off goes to (delegate of child mandates, funded for gas). */
  specialist: LocalAccount;
  now: () => number;
  /** A Smart Agent nobody has deployed yet: a fresh salt under the person's key. */
  freshAgent: (person: DemoPersonId) => Promise<Party>;
  binding: (capabilityId: string, stepRef?: string) => IntentBinding;
  window: (fromSeconds: number, toSeconds: number) => TimeWindow;
};

let freshCounter = 0;

async function party(person: DemoPersonId, salt: Hex = DEMO_PEOPLE[person].salt): Promise<Party> {
  const key = DEMO_PEOPLE[person];
  return { owner: privateKeyToAccount(key.privateKey), agent: await smartAgentOf(key.ownerAddress, salt) };
}

/** Funds the harness agent and gives Alice's Smart Agent 1,000 test USDC. */
export async function createTestbed(chain: WalletChain): Promise<Testbed> {
  const harness = privateKeyToAccount(DEMO_SERVICES['harness-agent'].privateKey);
  await fundOnLocalChain(chain, harness.address, parseEther('100'));
  const specialist = privateKeyToAccount(DEMO_SERVICES['payment-specialist'].privateKey);
  await fundOnLocalChain(chain, specialist.address, parseEther('10'));
  const alice = await party('alice');
  await mintTestUsdc(chain, { to: alice.agent.address, amount: 1_000_000_000n, sender: harness });
  const now = () => Math.floor(Date.now() / 1000);
  return {
    chain,
    alice,
    missio: await party('alice', DEMO_ORGANIZATIONS['missio-nexus'].salt),
    bob: await party('bob'),
    carol: await party('carol'),
    stranger: await party('stranger'),
    harness,
    app: privateKeyToAccount(DEMO_SERVICES.heartcoach.privateKey),
    specialist,
    now,
    freshAgent: (person) => party(person, demoSalt(`wallet-test/${Date.now()}/${++freshCounter}/${Math.random()}`)),
    binding: (capabilityId, stepRef = 's1') => ({
      planDigest: digestOf({ plan: capabilityId, stepRef }),
      stepRef,
      argsDigest: digestOf({ args: capabilityId }),
      ontologyDigest: digestOf('ontology v1'),
      playbookDigest: digestOf('playbook v1'),
      capabilityId,
    }),
    window: (from, to) => ({ validAfter: now() + from, validBefore: now() + to }),
  };
}

let deployedSnapshot: Uint8Array | undefined;

/**
 * An embedded chain for a test file: the first call in a process deploys (about a second), later calls restore the
 * same deployment from its snapshot (milliseconds). Each call returns an independent chain.
 */
export async function openTestEmbeddedChain(): Promise<EmbeddedWalletChain> {
  const store = createMemoryChainStateStore(deployedSnapshot);
  const chain = await openEmbeddedChain({ store });
  deployedSnapshot ??= store.bytes;
  return chain;
}
