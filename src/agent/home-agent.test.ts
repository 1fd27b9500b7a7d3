import { describe, expect, it } from 'vitest';
import { FixedClock, expectKind, replyOf } from '../harness/testing';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../protocol/demo-identities';
import { digestOf } from '../protocol/digest';
import { fixedKeys, keyringKeys } from './accounts';
import { createHomeAgent } from './index';
import { openDemoHome } from './testing/demo-home';
import { createKeyring } from '../vault/keys/keyring';
import { memorySessionKeyStore } from '../vault/keys/session-keys';
import { TEST_KDF } from '../vault/testing/open';

/**
 * The composition root's own operations, as the worker and the command line call them: ask, the pending list, sign
 * (the person's act: the run's requirement signed with the unlocked owner key, then resumed), decline, and the
 * refusals around signing — locked, changed since shown, nothing to sign, someone else's account.
 */
const DEMO_KEYS = fixedKeys({
  owner: DEMO_PEOPLE.alice.privateKey,
  harness: DEMO_SERVICES['harness-agent'].privateKey,
});

async function home(keys = DEMO_KEYS) {
  const clock = new FixedClock();
  const parts = await openDemoHome(clock);
  return { ...parts, clock, agent: createHomeAgent({ vault: parts.vault, chain: parts.chain, keys, clock }) };
}

describe('the composition root', () => {
  it('asks as the vault’s person, lists the run as pending, signs its requirement and resumes it to done', async () => {
    const { agent } = await home();
    const asked = expectKind(
      replyOf(await agent.ask({ message: 'Add dave to my contacts.', surface: 'cli' })),
      'authority_required',
    );
    const pending = await agent.pending();
    expect(pending.map((p) => p.runRef)).toEqual([asked.runRef]);
    expect(pending[0]).toMatchObject({
      waitingFor: 'authority',
      toolId: 'person.contact.invite',
      text: 'Waiting for your signature to add a contact.',
    });
    expect((await agent.requirement(asked.runRef)).bindingDigest).toBe(asked.requirement.bindingDigest);
    const { signed, response } = await agent.sign({
      runRef: asked.runRef,
      surface: 'cli',
      expect: asked.requirement.bindingDigest,
    });
    const done = expectKind(replyOf(response), 'done');
    expect(done.receipts[0]!.presentedRef).toBe(`mandate:${signed.mandateHash}`);
    expect(await agent.pending()).toEqual([]);
    const contacts = expectKind(
      replyOf(await agent.ask({ message: 'How many contacts do I have?', surface: 'cli' })),
      'answer',
    );
    expect(contacts.text).toMatch(/You have 5 contacts/);
  });

  it('signs with the keyring’s unlocked owner key, and refuses in words while locked', async () => {
    const clock = new FixedClock();
    const parts = await openDemoHome(clock);
    const keyring = createKeyring({ keys: parts.vault.keys, session: memorySessionKeyStore(), clock, kdf: TEST_KDF });
    await keyring.create('correct horse', [
      { id: 'owner', purpose: 'owner', privateKey: DEMO_PEOPLE.alice.privateKey },
      { id: 'harness', purpose: 'harness', privateKey: DEMO_SERVICES['harness-agent'].privateKey },
    ]);
    const agent = createHomeAgent({ vault: parts.vault, chain: parts.chain, keys: keyringKeys(keyring), clock });
    const asked = expectKind(
      replyOf(await agent.ask({ message: 'Can you get david added to Missio Nexus?', surface: 'cli' })),
      'authority_required',
    );
    await expect(agent.sign({ runRef: asked.runRef, surface: 'cli' })).rejects.toMatchObject({ code: 'LOCKED' });
    expect(await parts.vault.mandates.list()).toEqual({ rows: [], corrupt: [] });
    expect((await keyring.unlock('correct horse')).ok).toBe(true);
    expectKind(replyOf((await agent.sign({ runRef: asked.runRef, surface: 'cli' })).response), 'done');
  });

  it('signs nothing when the request changed since it was shown, or when the run waits for something else', async () => {
    const { agent, vault } = await home();
    const asked = expectKind(
      replyOf(await agent.ask({ message: 'Add dave to my contacts.', surface: 'cli' })),
      'authority_required',
    );
    await expect(
      agent.sign({ runRef: asked.runRef, surface: 'cli', expect: digestOf('something else') }),
    ).rejects.toMatchObject({ code: 'REQUIREMENT_CHANGED' });
    const prompt = expectKind(
      replyOf(await agent.ask({ message: 'Pay nathan.treasury back for the hymnals.', surface: 'cli' })),
      'prompt',
    );
    await expect(agent.sign({ runRef: prompt.runRef, surface: 'cli' })).rejects.toMatchObject({
      code: 'NOTHING_TO_SIGN',
    });
    await expect(agent.sign({ runRef: 'run-unknown', surface: 'cli' })).rejects.toMatchObject({
      code: 'RUN_NOT_FOUND',
    });
    expect((await vault.mandates.list()).rows).toHaveLength(0);
  });

  it('refuses to sign for an account this Home’s key does not hold', async () => {
    const { agent } = await home(
      fixedKeys({ owner: DEMO_PEOPLE.bob.privateKey, harness: DEMO_SERVICES['harness-agent'].privateKey }),
    );
    const asked = expectKind(
      replyOf(await agent.ask({ message: 'Add dave to my contacts.', surface: 'cli' })),
      'authority_required',
    );
    await expect(agent.sign({ runRef: asked.runRef, surface: 'cli' })).rejects.toMatchObject({
      code: 'NOT_YOURS_TO_SIGN',
    });
  });

  it('a decline ends the run refused and takes it off the pending list', async () => {
    const { agent } = await home();
    const asked = expectKind(
      replyOf(await agent.ask({ message: 'Add dave to my contacts.', surface: 'sidepanel' })),
      'authority_required',
    );
    const declined = expectKind(
      replyOf(await agent.decline({ runRef: asked.runRef, reason: 'not today', surface: 'popup' })),
      'refused',
    );
    expect(declined).toMatchObject({ outcome: 'declined', error: { code: 'DECLINED' } });
    expect(await agent.pending()).toEqual([]);
  });
});
