import type { Hex } from 'viem';
import type { ResultRow } from '../../protocol/harness-reply';
import type { Material } from '../../protocol/ask';
import type { PlannerTrace } from '../../protocol/harness-reply';
import type { Observation } from '../kernel/model-port';
import type { Address } from '../kernel/ports';
import type { Tool } from '../tools/tools';
import type { DamagedSeen } from './damaged';

/** What one step produced: a grounded sentence, rows for the panel, and the value a later `$ref` binds to. */
export type StepResult = {
  text: string;
  rows?: ResultRow[];
  value: unknown;
  source: Observation['source'];
  attribution?: string;
  observation: 'attempted' | 'accepted' | 'committed' | 'confirmed';
  txHash?: Hex;
  reconciled: boolean;
  /** Answered by a template or a built-in renderer: no composer needed for this step. */
  templated: boolean;
  /** Rows the step's read left out because the vault could not read them (./damaged.ts): said in the answer. */
  damaged?: DamagedSeen;
};

/** A step that could not run, in words (a refusal by an outside agent, a reverted payment, no model). */
export type StepFailure = { failed: true; code: string; reason: string };

export type ExecInput = {
  tool: Tool;
  args: Record<string, unknown>;
  stepRef: string;
  runRef: string;
  asker: Address;
  addressee: Address;
  /** Address → the label the person knows it by, from resolution. */
  labels: ReadonlyMap<string, string>;
  words: string;
  material: readonly Material[];
  /** Earlier steps' observations this step consumes (`$ref`). */
  inputs: readonly Observation[];
  mandateHash: Hex | null;
  effectKey: Hex;
  trace: PlannerTrace;
};

export const labelOf = (input: Pick<ExecInput, 'labels'>, address: unknown): string =>
  typeof address === 'string' ? (input.labels.get(address.toLowerCase()) ?? address) : String(address);

export const isFailure = (r: StepResult | StepFailure): r is StepFailure => 'failed' in r;

/** Joins names for a sentence: "a", "a and b", "a, b and c"; a long list names the first `max` and counts the rest. */
export function listInWords(items: readonly string[], max = 20): string {
  if (items.length > max) return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
