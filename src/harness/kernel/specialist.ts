import type { Hex } from 'viem';
import type { ExecInput, StepFailure, StepResult } from '../execute/step-result';
import type { Address, ClockPort } from './ports';

/**
 * A specialist the person's agent hands a step to (seed 001 step 9.2): another executor with its own key, which acts
 * only under a child mandate derived from the person's (src/harness/execute/hand-off.ts). The composition root
 * registers specialists; a playbook whose archetype has the specialist's capability lists it, and a step of that
 * capability is handed to it. The specialist verifies the chain itself before acting, and the chain is verified
 * again, end to end, by whatever redeems it.
 */
export type SpecialistExecutor = {
  /** The id a plan step names as its `executor`. */
  readonly id: string;
  /** The one capability it runs. */
  readonly capability: string;
  /** The key the child mandate is given to. */
  readonly address: Address;
  run(ctx: { clock: ClockPort }, input: ExecInput & { handOff: HandOffGrant }): Promise<StepResult | StepFailure>;
};

/** What the harness hands over: the child mandate (opaque signed data: the chain, leaf first) and its hash. */
export type HandOffGrant = { childHash: Hex; parentHash: Hex; credential: unknown };

export type Specialists = ReadonlyMap<string, SpecialistExecutor>;
export const specialistsOf = (executors: readonly SpecialistExecutor[] = []): Specialists =>
  new Map(executors.map((e) => [e.id, e]));
