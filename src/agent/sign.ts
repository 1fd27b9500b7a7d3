import type { Hex } from 'viem';
import type { AskSurface } from '../protocol/ask';
import { HomeError, type Result } from '../protocol/errors';
import type { AskResponse, Requirement } from '../protocol/harness-reply';
import { harnessAgentOf, heldAgent, requireAccount } from './accounts';
import type { HomeAgentCore } from './home-agent';
import { pendingRequirements, resumeAt } from './runs';
import { buildMandate, checkSignable } from '../wallet';
import { storeMandate } from './store-mandate';

/**
 * Sign (the person's act, from the popup or the command line, after they saw the requirement): the run's pending
 * requirement becomes a mandate signed with the unlocked owner key, stored in the vault, and the run resumes with
 * it — where the harness verifies it from scratch. `expect` is the binding digest the person was shown: when the
 * run now waits for something else, nothing is signed. `alsoExpect` are the binding digests of the later steps the
 * person was shown with it (the reply's alsoApprove): only when a face echoes exactly that list are those signed too,
 * one mandate per step, in the same sitting — a face that showed only the first signs only the first.
 */
export type SignResult = {
  signed: {
    mandateHash: Hex;
    stepRef: string;
    requirement: Requirement;
    also: { mandateHash: Hex; stepRef: string }[];
  };
  response: Result<AskResponse>;
};

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length &&
  [...a]
    .map((x) => x.toLowerCase())
    .sort()
    .join() ===
    [...b]
      .map((x) => x.toLowerCase())
      .sort()
      .join();

export async function signPending(
  core: HomeAgentCore,
  input: { runRef: string; surface: AskSurface; expect?: Hex; alsoExpect?: readonly Hex[] },
): Promise<SignResult> {
  const { requirement, also } = await pendingRequirements(core, input.runRef);
  if (input.expect !== undefined && input.expect.toLowerCase() !== requirement.bindingDigest.toLowerCase()) {
    throw new HomeError(
      'REQUIREMENT_CHANGED',
      'The request changed since you were shown it; nothing was signed. Look at it again.',
    );
  }
  if (
    input.alsoExpect !== undefined &&
    !sameSet(
      input.alsoExpect,
      also.map((r) => r.bindingDigest),
    )
  ) {
    throw new HomeError(
      'REQUIREMENT_CHANGED',
      'The steps to sign with this one changed since you were shown them; nothing was signed. Look at them again.',
    );
  }
  const together = input.alsoExpect === undefined ? [requirement] : [requirement, ...also];
  const { vault, chain, keys } = core.parts;
  const owner = await requireAccount(keys, 'owner');
  const harnessAgent = await harnessAgentOf(vault);
  const agent = await heldAgent(vault, requirement.delegator);
  // Every check before any signature: one that fails leaves nothing signed.
  for (const r of together) checkSignable(r, { harnessAgent, agent, owner });
  const nowSeconds = Math.floor(core.clock.now() / 1000);
  const signed: { mandateHash: Hex; stepRef: string }[] = [];
  for (const r of together) {
    const kept = await storedUnused(vault, r, core.clock.now());
    if (kept !== null) {
      signed.push({ mandateHash: kept, stepRef: r.stepRef });
      continue;
    }
    const mandate = await buildMandate({ chain, requirement: r, owner, agent, nowSeconds });
    await storeMandate(vault, r, mandate);
    signed.push({ mandateHash: mandate.hash, stepRef: r.stepRef });
  }
  const first = signed[0]!;
  const response = await resumeAt(core, {
    runRef: input.runRef,
    surface: input.surface,
    supplied: [{ kind: 'mandate', stepRef: first.stepRef, mandateHash: first.mandateHash }],
  });
  return { signed: { ...first, requirement, also: signed.slice(1) }, response };
}

/**
 * A mandate the person already signed for exactly this request — same run, step, binding digest, delegator and
 * delegate — stored, still active, never used and not expired: the worker stopped after storing it and before the run
 * resumed with it (e2e/faults-worker-stop.spec.ts). Signing again would leave a second live authority for a step
 * that runs once, listed "active" among the person's mandates; the stored one is resumed with instead, and the harness
 * verifies it from scratch as it would a new one.
 */
export async function storedUnused(
  vault: HomeAgentCore['parts']['vault'],
  r: Requirement,
  nowMs: number,
): Promise<Hex | null> {
  const rows = (await vault.mandates.list({ runRef: r.runRef, status: 'active' })).rows;
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  // A critical step counts only a signature at most freshSeconds old: an older stored one is not offered again (it
  // would be refused as stale, and the person could never sign a fresh one).
  const freshEnough = (createdAt: number) => r.freshSeconds === undefined || nowMs - createdAt < r.freshSeconds * 1000;
  const row = rows.find(
    (m) =>
      m.stepRef === r.stepRef &&
      same(m.bindingDigest, r.bindingDigest) &&
      same(m.delegator, r.delegator) &&
      same(m.delegate, r.delegate) &&
      m.uses === 0 &&
      (m.validUntil ?? 0) > nowMs &&
      freshEnough(m.createdAt),
  );
  return row === undefined ? null : (row.hash as Hex);
}
