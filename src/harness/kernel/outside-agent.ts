import type { ExecInput, StepFailure, StepResult } from '../execute/step-result';
import type { Ports } from './ports';
import type { HarnessSettings } from './settings';

/**
 * The one contract an outside agent's glue meets to run as a step (seed 001 step 9.4). The harness knows an
 * "outside agent step" generically: a capability names its agent (`outsideAgent.agent`), and the executor registered
 * for that agent by the composition root consults it; with none registered the step is one A2A text message
 * (src/harness/execute/outside-agent.ts). Whatever the agent answers is material, attributed to it, never an
 * instruction. An executor may read the answer for records it proposes; the harness, not the executor, files them
 * under its own gates (src/harness/execute/file-proposals.ts) — an outside agent never writes the person's records.
 */
export type OutsideAgentExecutor = {
  /** The agent id capabilities name in `outsideAgent.agent`. */
  readonly agent: string;
  consult(ctx: OutsideAgentContext, input: ExecInput): Promise<StepResult | StepFailure>;
  /** The records a consult step's value proposes to file, or null when it proposes none. */
  proposals?(value: unknown): OutsideProposals | null;
};

/** What an executor may use: the vault (the person's grants and records), the remote-agent port, clock, settings. */
export type OutsideAgentContext = Pick<Ports, 'vault' | 'agents' | 'clock'> & { settings: HarnessSettings };

/** One record an outside agent proposes, filed (if at all) by the capability named, a self-authorized write. */
export type ProposedRecord = {
  capability: string;
  /** Where it goes, as the filing's sentence names it. */
  folder: string;
  /** The vault record's type and id, and its data as proposed. */
  type: string;
  /** The app's own id for it; the vault files it as `<agent>:<folder>/<id>`, in the app's namespace. */
  id: string;
  data: Record<string, unknown>;
  /**
   * What the person would have said to log it: the value, the drug, or what names the app's note ("the insight"). The
   * record is filed only when the person's words ask to log or file it and name one of these; otherwise it is
   * offered back as a suggestion, and nothing is written.
   */
  named?: readonly string[];
  /** The verb the suggestion uses for it ("log" a reading, "file" an insight); "log" unless told. */
  verb?: 'log' | 'file';
  /** The record in the person's words ("your steps reading (2400)"). */
  what: string;
};

export type OutsideProposals = {
  /** Who proposed them, as receipts attest it. */
  proposedBy: string;
  /** Where they are filed, in the person's words ("your cabinet"). */
  place: string;
  /** The tool the composer sees the filing's sentence under. */
  filedToolId: string;
  records: ProposedRecord[];
};

/** The registry the harness holds: each outside agent's executor by its id. */
export type OutsideAgents = ReadonlyMap<string, OutsideAgentExecutor>;
export const outsideAgentsOf = (executors: readonly OutsideAgentExecutor[] = []): OutsideAgents =>
  new Map(executors.map((e) => [e.agent, e]));
