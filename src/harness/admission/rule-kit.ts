import type { Violation } from '../../protocol/harness-reply';
import type { CapabilityArg } from '../kernel/ontology-view';
import type { ArgValue, Plan, PlanStep } from '../plan/plan-schema';
import type { ToolIndex } from '../tools/tools';

/** What every admission rule reads (./rules.ts, ./rules-words.ts), and the helpers they share. */
export type AdmissionInput = {
  plan: Plan;
  /** The person's own words: the message, then their answers to data prompts. Never material. */
  words: string;
  tools: ToolIndex;
  /**
   * Who proposed the plan: a compiled shape matched the words themselves; a screen may supply only reads; a routed
   * step is the one step the person's own agent routed here, judged by every rule against the person's words.
   */
  origin: 'compiled' | 'judgment' | 'model' | 'rule-based' | 'supplied' | 'routed';
  /** Addresses the vault designates for this run (addressee, asker, default payer) and the addressee's names. */
  designated: { addresses: readonly string[]; names: readonly string[] };
  /**
   * The numbers the person said that may be an amount: in their message, those grounding binds to a currency or
   * leaves bare ("pay bob 5"), never one that counts another noun ("the 40 lunches") or names a date; any number in
   * their answers to prompts. Absent, any number in their words may be an amount.
   */
  amountsSaid?: ReadonlySet<string>;
  specialists: readonly string[];
  /**
   * The capabilities the grounding stage's frames read in the person's words (src/harness/ground: the verb and its
   * object, slips of the keys mended, names found in the asker's vault): evidence that the words name the act, as a
   * compiled shape is. Absent, only the declared terms are.
   */
  framesSaid?: ReadonlySet<string>;
};

export type Rule = (input: AdmissionInput) => Violation[];

/** One violation, its message inside its cap. */
export const v = (
  rule: string,
  stepIndex: number | null,
  message: string,
  recovery: Violation['recovery'],
  arg?: string,
): Violation => ({
  rule,
  stepIndex,
  message: message.slice(0, 500),
  recovery,
  ...(arg !== undefined ? { arg } : {}),
});

/** Each argument a plan step gives that its tool declares, through `fn`. */
export const eachArg = (
  input: AdmissionInput,
  fn: (step: PlanStep, i: number, spec: CapabilityArg, value: ArgValue) => Violation[],
) =>
  input.plan.steps.flatMap((step, i) => {
    const tool = input.tools.get(step.toolId);
    if (tool === undefined) return [];
    return tool.capability.args.flatMap((spec) => {
      const value = step.args[spec.name];
      return value !== undefined ? fn(step, i, spec, value) : [];
    });
  });
