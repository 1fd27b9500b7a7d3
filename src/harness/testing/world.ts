import type { OutsideAgentExecutor } from '../kernel/outside-agent';
import type { Hex } from 'viem';
import type { DemoPersonId } from '../../protocol/demo-identities';
import type { Material, Supplied, SuppliedPlan } from '../../protocol/ask';
import type { Result } from '../../protocol/errors';
import type { AskResponse, Requirement, StepReceipt } from '../../protocol/harness-reply';
import type { Harness } from '../harness';
import type { ModelPort } from '../kernel/model-port';
import type { OntologyView } from '../kernel/ontology-view';
import type { Address } from '../kernel/ports';
import type { HarnessSettings } from '../kernel/settings';
import type { ScriptedModel } from './scripted-model';

/**
 * A world the seed scenarios run in: the demo identities and data of DESIGN §10 behind the harness's ports, plus
 * the few things a person does outside the harness (sign at their Home, co-sign, revoke) and the faults a test
 * injects. The in-memory world (memory-world.ts) implements it now; the real vault on fake-indexeddb and the
 * embedded chain implement it in phase 2, and the same scenarios run over both.
 */
export type Who = Record<
  | 'alice'
  | 'bob'
  | 'carol'
  | 'david'
  | 'dave'
  | 'nathan'
  | 'priya'
  | 'missio'
  | 'thompsonCommunity'
  | 'thompsonFamily'
  | 'harnessAgent'
  | 'heartcoach',
  Address
>;

export type AskInput = {
  message?: string;
  to?: Address;
  as?: Address;
  material?: Material[];
  plan?: SuppliedPlan;
  runRef?: string;
  supplied?: Supplied[];
  provider?: string;
};

export interface World {
  readonly who: Who;
  readonly ontology: OntologyView;
  /** The scripted model, when the world was built with one (to script answers and count calls). */
  readonly model: ScriptedModel | null;
  harness(): Harness;
  /** An ask from the person's own session (Alice, to her own agent, unless told otherwise). */
  ask(input: AskInput): Promise<Result<AskResponse>>;
  /** An ask-as-me from an app's page: the wire and a caller assertion signed by the app's key. */
  askAsMe(
    input: AskInput & { wireHash: Hex; origin: string; nonce?: string; assertionKey?: Hex },
  ): Promise<Result<AskResponse>>;
  /**
   * Alice grants HeartCoach an ask-as-me wire for `origin`, reading what `read` names (by default, the folders of
   * its cabinet grant: none in these worlds).
   */
  grantWire(origin: string, read?: { folders: string[]; kinds: string[] }): Promise<Hex>;
  /** The person signs the requirement at their Home; the mandate lands in the keyring. */
  sign(requirement: Requirement, signer: DemoPersonId): Promise<Supplied>;
  /** A co-signature over the approval digest by `approver` (with `withKeyOf`'s key: a forgery when they differ). */
  approve(resumeToken: Hex, approvalDigest: Hex, approver: DemoPersonId, withKeyOf?: DemoPersonId): Promise<Supplied>;
  revoke(hash: Hex): Promise<void>;
  /** Uses up a mandate's calls elsewhere (another device), so the next use finds none left. */
  exhaust(hash: Hex): Promise<void>;
  usdc(address: Address): Promise<bigint>;
  harnessNonce(): Promise<number>;
  /** The next redemption lands on chain and then the worker stops before the receipt. */
  crashAfterNextRedeem(): void;
  /** A new harness instance over the same vault and chain (a worker restart). */
  restart(): void;
  advance(ms: number): void;
  receipts(runRef: string): Promise<StepReceipt[]>;
  setThreshold(person: Address, usdc: string): Promise<void>;
}

export type WorldOptions = {
  model: ModelPort | null;
  settings?: Partial<HarnessSettings>;
  /** Outside agents' executors to register (HeartCoach's: src/apps/heartcoach/harness). */
  outsideAgents?: readonly OutsideAgentExecutor[];
};
export type WorldFactory = (options: WorldOptions) => Promise<World>;
