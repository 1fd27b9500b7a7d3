import { describe, expect, it } from 'vitest';
import type { IntentBinding } from './delegation';
import { digestOf } from './digest';
import { bindingProblem } from './intent-binding';

const binding: IntentBinding = {
  capabilityId: 'memory.write',
  planDigest: digestOf('plan'),
  stepRef: 's1',
  argsDigest: digestOf({ label: 'dave' }),
  ontologyDigest: digestOf('ontology'),
  playbookDigest: digestOf('playbook'),
};
const step = { binding, bindingDigest: digestOf(binding) };
const moved = (b: Partial<IntentBinding>) => ({
  binding: { ...binding, ...b },
  bindingDigest: digestOf({ ...binding, ...b }),
});

describe('the one binding check: a signed intent against the step’s own', () => {
  it('accepts exactly the same intent', () => {
    expect(bindingProblem(step, step)).toBe(null);
  });

  it('names what moved: other args, moved versions, a stale plan, another step or capability, a broken digest', () => {
    expect(bindingProblem(moved({ argsDigest: digestOf('other') }), step)?.code).toBe('MANDATE_OTHER_ARGS');
    expect(bindingProblem(moved({ ontologyDigest: digestOf('v2') }), step)?.code).toBe('MANDATE_VERSIONS_MOVED');
    expect(bindingProblem(moved({ playbookDigest: digestOf('v2') }), step)?.code).toBe('MANDATE_VERSIONS_MOVED');
    expect(bindingProblem(moved({ planDigest: digestOf('other plan') }), step)?.code).toBe('MANDATE_STALE_PLAN');
    expect(bindingProblem(moved({ planDigest: digestOf('other plan') }), step)?.reason).toMatch(/different plan/);
    expect(bindingProblem(moved({ stepRef: 's2' }), step)?.code).toBe('MANDATE_OTHER_STEP');
    expect(bindingProblem(moved({ capabilityId: 'payments.send' }), step)?.code).toBe('MANDATE_OTHER_CAPABILITY');
    expect(bindingProblem({ ...step, binding: { ...binding, stepRef: 's2' } }, step)?.code).toBe(
      'MANDATE_BINDING_BROKEN',
    );
  });

  it('compares hex case-insensitively (a checksummed digest is the same digest)', () => {
    expect(bindingProblem(step, { ...step, bindingDigest: step.bindingDigest.toUpperCase().replace('0X', '0x') })).toBe(
      null,
    );
  });
});
