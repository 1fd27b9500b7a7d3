import { describe, expect, it } from 'vitest';
import { FixedClock, expectKind, replyOf } from '../harness/testing';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../protocol/demo-identities';
import { digestOf } from '../protocol/digest';
import { fixedKeys } from './accounts';
import { createHomeAgent } from './index';
import { openDemoHome } from './testing/demo-home';

/**
 * alsoApprove at the person's Home (seed 001 step 8.4): "Invite bob and carol to Thompson Community Fund" is two
 * invites, each needing its own mandate from the same organization. The person is shown both and signs once — two
 * real delegations on the embedded chain's framework, stored, and one resume carries out both. A face that echoes
 * no list signs only the first; a list that is not the run's signs nothing.
 */
const KEYS = fixedKeys({ owner: DEMO_PEOPLE.alice.privateKey, harness: DEMO_SERVICES['harness-agent'].privateKey });

async function home() {
  const clock = new FixedClock();
  const parts = await openDemoHome(clock);
  const agent = createHomeAgent({ vault: parts.vault, chain: parts.chain, keys: KEYS, clock });
  const asked = expectKind(
    replyOf(await agent.ask({ message: 'Invite bob and carol to Thompson Community Fund', surface: 'sidepanel' })),
    'authority_required',
  );
  return { agent, vault: parts.vault, asked };
}

describe('signing the later steps of a plan with the first', () => {
  it('shows both requirements, signs both in one sitting, and one resume carries out both invites', async () => {
    const { agent, vault, asked } = await home();
    const { requirement, also } = await agent.requirements(asked.runRef);
    expect(requirement).toEqual(asked.requirement);
    expect(also.map((r) => r.bindingDigest)).toEqual(asked.alsoApprove);
    expect(also.map((r) => r.stepRef)).toEqual(['s1.2']);
    const { signed, response } = await agent.sign({
      runRef: asked.runRef,
      surface: 'popup',
      expect: requirement.bindingDigest,
      alsoExpect: asked.alsoApprove,
    });
    expect(signed.also.map((s) => s.stepRef)).toEqual(['s1.2']);
    const done = expectKind(replyOf(response), 'done');
    expect(done.receipts.map((r) => [r.stepRef, r.presentedRef])).toEqual([
      ['s1.1', `mandate:${signed.mandateHash}`],
      ['s1.2', `mandate:${signed.also[0]!.mandateHash}`],
    ]);
    expect((await vault.mandates.list()).rows.map((m) => m.uses)).toEqual([1, 1]);
  });

  it('without the list, signs only the first: the second invite then waits for its own signature', async () => {
    const { agent, vault, asked } = await home();
    const { signed, response } = await agent.sign({
      runRef: asked.runRef,
      surface: 'popup',
      expect: asked.requirement.bindingDigest,
    });
    expect(signed.also).toEqual([]);
    const next = expectKind(replyOf(response), 'authority_required');
    expect(next.stepRef).toBe('s1.2');
    expect((await vault.mandates.list()).rows).toHaveLength(1);
  });

  it('with a list that is not the run’s, signs nothing', async () => {
    const { agent, vault, asked } = await home();
    await expect(
      agent.sign({
        runRef: asked.runRef,
        surface: 'popup',
        expect: asked.requirement.bindingDigest,
        alsoExpect: [digestOf('another step')],
      }),
    ).rejects.toMatchObject({ code: 'REQUIREMENT_CHANGED' });
    await expect(
      agent.sign({ runRef: asked.runRef, surface: 'popup', expect: asked.requirement.bindingDigest, alsoExpect: [] }),
    ).rejects.toMatchObject({ code: 'REQUIREMENT_CHANGED' });
    expect((await vault.mandates.list()).rows).toHaveLength(0);
  });
});
