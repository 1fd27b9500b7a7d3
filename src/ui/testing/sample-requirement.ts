import type { Requirement } from '../../protocol/harness-reply';

/** A repeated-digit address and digest, easy to tell apart in a face's markup. */
export const A = (n: number) => `0x${String(n).repeat(40)}` as `0x${string}`;
export const D = (n: number) => `0x${String(n).repeat(64)}` as `0x${string}`;

/** The faces' tests' mandate request: 12.5 USDC to bob, high risk, one use, the amount from the words. */
export const sampleRequirement: Requirement = {
  runRef: 'run-1',
  stepRef: 's1',
  toolId: 'payment.usdc.send',
  capability: 'payment.usdc.send',
  args: { amount: '12.5', recipient: 'bob' },
  binding: {
    planDigest: D(1),
    stepRef: 's1',
    argsDigest: D(2),
    ontologyDigest: D(3),
    playbookDigest: D(4),
    capabilityId: 'payment.usdc.send',
  },
  bindingDigest: D(5),
  delegator: A(1),
  delegate: A(2),
  caveats: { calls: 1, notAfter: 1_800_000_000, token: 'usdc', maxAmount: '12500000', recipient: A(3) },
  risk: 'high',
  derivation: { words: 'send bob 12.5 usdc', argSources: { amount: 'words', recipient: 'vault' } },
};
