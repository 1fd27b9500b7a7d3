import type { IntentBinding } from './delegation';
import { digestOf } from './digest';

/**
 * What makes a signed mandate bind exactly the act about to happen: the one comparison of a signed intent binding
 * with the step's own. The wallet's verifier runs it in production (src/wallet/mandates/verify.ts, asked through the
 * harness's AuthorityPort); it lives beside the IntentBinding type so the harness's in-memory wallet runs the very
 * same comparison while staying pure. Checked in the order that names the problem best.
 */
export type BindingProblemCode =
  | 'MANDATE_BINDING_BROKEN'
  | 'MANDATE_OTHER_CAPABILITY'
  | 'MANDATE_STALE_PLAN'
  | 'MANDATE_OTHER_STEP'
  | 'MANDATE_OTHER_ARGS'
  | 'MANDATE_VERSIONS_MOVED'
  | 'MANDATE_OTHER_INTENT';

export type BindingProblem = { code: BindingProblemCode; reason: string };

type Bound = { binding: IntentBinding; bindingDigest: string };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function bindingProblem(signed: Bound, expected: Bound): BindingProblem | null {
  const b = signed.binding;
  const e = expected.binding;
  if (digestOf(b) !== signed.bindingDigest)
    return {
      code: 'MANDATE_BINDING_BROKEN',
      reason: 'The mandate’s intent binding does not match its own digest; it was refused.',
    };
  if (b.capabilityId !== e.capabilityId)
    return { code: 'MANDATE_OTHER_CAPABILITY', reason: `The mandate grants ${b.capabilityId}, not ${e.capabilityId}.` };
  if (!same(b.planDigest, e.planDigest))
    return {
      code: 'MANDATE_STALE_PLAN',
      reason:
        'The mandate was signed for a different plan (a stale plan digest); nothing was done. Ask again and sign the new request.',
    };
  if (b.stepRef !== e.stepRef)
    return { code: 'MANDATE_OTHER_STEP', reason: 'The mandate was signed for another step.' };
  if (!same(b.argsDigest, e.argsDigest))
    return { code: 'MANDATE_OTHER_ARGS', reason: 'The mandate was signed for other arguments than this step has now.' };
  if (!same(b.ontologyDigest, e.ontologyDigest) || !same(b.playbookDigest, e.playbookDigest))
    return {
      code: 'MANDATE_VERSIONS_MOVED',
      reason: 'The ontology or the playbook changed since the mandate was signed; it no longer covers this step.',
    };
  if (!same(signed.bindingDigest, expected.bindingDigest))
    return { code: 'MANDATE_OTHER_INTENT', reason: 'The mandate binds another intent than this step’s.' };
  return null;
}
