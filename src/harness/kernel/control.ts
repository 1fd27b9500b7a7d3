import type { AuthorityDecision } from '../authority/authority';
import type { Tool } from '../tools/tools';

/**
 * The control run's seam (PROOF.md "control run"). The adversarial suite shows its prompt-injection cases
 * bite by running each once with admission and authority switched off: if the attacks did not succeed then, a 0%
 * attack success with the guards on would prove nothing.
 *
 * The switch is a property keyed by `CONTROL_RUN`, a plain Symbol (never `Symbol.for`, which any code could spell)
 * that only this module holds. The only code that sets it is `src/harness/testing/control-run.ts`; production builds
 * its ports in src/adapters and the background and never imports either module. `proof/control-seam.test.ts` fails if
 * anything outside src/harness imports this module, if anything but the testing module imports the setters
 * (`CONTROL_RUN`, `CONTROL_OFF`), or if anything but tests imports the control harness. Anything but the frozen
 * CONTROL_OFF value under the key leaves every guard on (fail closed).
 */
export const CONTROL_RUN: unique symbol = Symbol('home-agent.harness.control-run');

export type ControlSwitches = { readonly admission: 'off'; readonly authority: 'off' };
export const CONTROL_OFF: ControlSwitches = Object.freeze({ admission: 'off', authority: 'off' });

/** Whether this context is a control run (both guards off). */
export function isControlRun(ctx: object): boolean {
  return (
    Object.prototype.hasOwnProperty.call(ctx, CONTROL_RUN) &&
    (ctx as Record<symbol, unknown>)[CONTROL_RUN] === CONTROL_OFF
  );
}

/** Authority switched off: reads need none, every act runs as if the person had authorized it. */
export const unguardedDecision = (tool: Tool): Extract<AuthorityDecision, { kind: 'informational' | 'self' }> =>
  tool.capability.informational ? { kind: 'informational' } : { kind: 'self' };
