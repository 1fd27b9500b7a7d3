import { describe, expect, it } from 'vitest';
import { expectKind, replyOf } from '../harness/testing';
import type { StepReceipt } from '../protocol/harness-reply';
import { routedHome, type RoutedHome } from './testing/routed-home';

/**
 * Routed hops over real parts (seed 001 steps 0.3, 8.1 and 0.6): Alice asks her own agent "invite david to Missio
 * Nexus"; the step belongs to Missio Nexus's agent, which she stewards, so her agent routes it there with a forwarded
 * credential; Missio Nexus's agent judges it under its own playbook and authority and asks for its own mandate, which
 * Alice signs as its steward (in the popup's path: `agent.sign` on her own run); the invite runs in the room's run,
 * and both runs' receipts and PROV exports record the hop. A worker stopped right after the hop landed resumes into a
 * replay of the room's finished run, never a second invite.
 */
const MESSAGE = 'invite david to Missio Nexus';

async function routedToMissio(h: RoutedHome) {
  const required = replyOf(await h.ask(MESSAGE));
  const reply = expectKind(required, 'authority_required');
  const mine = await h.agent().harness.runState(required.runRef);
  const roomRun = mine.steps[0]?.routed?.runRef;
  if (roomRun === undefined) throw new Error('the step was not routed');
  return { required: reply, runRef: required.runRef, roomRun };
}

describe('routed hops (real vault and embedded chain)', () => {
  it('“can you add david to missio nexus please” (a frame’s verb, no declared term) is judged by the room too', async () => {
    // The room reads the person's words itself: "add … to <organization>" says the invite as its frame says it,
    // though "add" is no declared term of the invite (it was refused there: "Your words do not ask for …").
    const h = await routedHome();
    const reply = expectKind(replyOf(await h.ask('can you add david to missio nexus please')), 'authority_required');
    expect(reply.capability).toBe('organization.membership.invite');
    expect(reply.delegator).toBe(h.who.missio);
    expect(reply.summary).toMatch(/^Missio Nexus’s agent judged this step: Invite David Adeyemi/);
    // A slip of the keys on the verb is mended there as here.
    const slip = expectKind(replyOf(await h.ask('invte david to missio nexus')), 'authority_required');
    expect(slip.delegator).toBe(h.who.missio);
  }, 60_000);

  it('“invite carol to missio nexus”, already a member: the room’s answer is the reply, nothing waits', async () => {
    const h = await routedHome();
    const answer = expectKind(replyOf(await h.ask('invite carol to missio nexus')), 'answer');
    expect(answer.text).toMatch(/Carol Whitfield is already in Missio Nexus/);
    expect(await h.agent().pending()).toEqual([]);
  }, 60_000);

  it('routes “invite david to Missio Nexus” to its agent, which runs it under the mandate its steward signs', async () => {
    const h = await routedHome();
    const { required, runRef, roomRun } = await routedToMissio(h);
    expect(required.capability).toBe('organization.membership.invite');
    expect(required.delegator).toBe(h.who.missio);
    expect(required.summary).toMatch(/^Missio Nexus’s agent judged this step: /);
    expect(required.requirement.runRef).toBe(roomRun);
    expect(required.grantLink).toContain(encodeURIComponent(runRef));

    // The room's run came through the routed door, planned nothing but the routed step, and waits only through hers.
    const room = await h.agent().harness.runState(roomRun);
    expect(room).toMatchObject({ addressee: h.who.missio, asker: h.who.alice, plannedBy: 'routed' });
    expect(room.door).toMatchObject({ kind: 'routed', router: h.who.alice, fromRun: runRef, fromStep: 's1' });
    expect(room.playbook?.archetypeId).toBe('organization-agent');
    expect((await h.agent().pending()).map((p) => p.runRef)).toEqual([runRef]);

    const { response } = await h.agent().sign({ runRef, surface: 'popup' });
    const done = expectKind(replyOf(response), 'done');
    expect(done.receipts).toHaveLength(1);
    const hop = done.receipts[0]!;
    expect(hop).toMatchObject({
      presentedRef: 'routed',
      routedTo: { agent: h.who.missio, name: 'Missio Nexus', runRef: roomRun },
      toolId: 'organization.membership.invite',
    });
    expect(hop.mandateHash).toBeUndefined();
    expect(done.decisions).toEqual([{ stepRef: 's1', presentedRef: 'routed', obligations: [] }]);

    const theirs = await h.agent().ports.vault.receipts.ofRun(roomRun);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({
      presentedRef: expect.stringMatching(/^mandate:0x/),
      routedFrom: { router: h.who.alice, runRef, stepRef: 's1' },
      binding: { subject: h.who.missio, principal: h.who.alice, authority: h.who.missio },
    });

    // Both PROV exports carry the hop, each pointing at the other's run.
    const provOf = async (r: string) =>
      JSON.stringify((await h.agent().ports.vault.provenance.get(`run.provenance:${r}`))?.body ?? null);
    expect(await provOf(runRef)).toContain(`"ha:run:${roomRun}"`);
    expect(await provOf(runRef)).toContain('"ha:routedTo"');
    expect(await provOf(roomRun)).toContain(`"ha:step:${runRef}:s1"`);
    expect(await provOf(roomRun)).toContain('"ha:routedFrom"');

    const after = expectKind(replyOf(await h.ask("Who's in Missio Nexus right now?")), 'answer');
    expect(after.results?.map((r) => r.address)).toContain(h.who.david);
  });

  it('a worker stopped right after the hop landed resumes into a replay of the room’s run, never a second invite', async () => {
    const h = await routedHome();
    const { runRef, roomRun } = await routedToMissio(h);
    h.stopAfterNextHop();
    const { response, signed } = await h.agent().sign({ runRef, surface: 'popup' });
    expect(response).toMatchObject({ ok: false, error: { code: 'RUN_INTERRUPTED' } });
    // The room finished its run; hers stopped before relaying it.
    expect(await h.agent().ports.vault.receipts.ofRun(roomRun)).toHaveLength(1);
    expect(await h.agent().ports.vault.receipts.ofRun(runRef)).toHaveLength(0);

    await h.restart();
    const done = expectKind(replyOf(await h.agent().resume({ runRef, surface: 'sidepanel' })), 'done');
    expect(done.receipts.map((r: StepReceipt) => r.presentedRef)).toEqual(['routed']);
    const theirs = await h.agent().ports.vault.receipts.ofRun(roomRun);
    expect(theirs).toHaveLength(1);
    expect((await h.parts.vault.mandates.get(signed.mandateHash))?.uses).toBe(1);
    const room = await h.agent().harness.runState(roomRun);
    expect(room.status).toBe('done');

    // And the finished run asked again is replayed from its checkpoint.
    const again = expectKind(replyOf(await h.agent().resume({ runRef, surface: 'sidepanel' })), 'done');
    expect(again.plannerTrace.plannerUsed).toBe('replay');
    expect(await h.agent().ports.vault.receipts.ofRun(roomRun)).toHaveLength(1);
  });

  it('keeps the step here for an organization with no playbook of its own (the thompsons), after her choice', async () => {
    const h = await routedHome();
    const choice = expectKind(replyOf(await h.ask('invite bob to thompson')), 'prompt');
    if (choice.prompt.kind !== 'choice') throw new Error('expected a choice');
    const required = expectKind(
      replyOf(
        await h.agent().resume({
          runRef: choice.runRef,
          surface: 'sidepanel',
          supplied: [{ kind: 'choice', resumeToken: choice.resumeToken, choice: h.who.thompsonCommunity }],
        }),
      ),
      'authority_required',
    );
    expect(required.delegator).toBe(h.who.thompsonCommunity);
    expect(required.requirement.runRef).toBe(choice.runRef);
    expect((await h.agent().harness.runState(choice.runRef)).steps[0]?.routed).toBeUndefined();
  });

  it('a decline of her run ends the room’s run too, and nothing is done', async () => {
    const h = await routedHome();
    const { runRef, roomRun } = await routedToMissio(h);
    const declined = expectKind(
      replyOf(await h.agent().decline({ runRef, reason: 'not now', surface: 'popup' })),
      'refused',
    );
    expect(declined.outcome).toBe('declined');
    const room = await h.agent().harness.runState(roomRun);
    expect(room.status).toBe('refused');
    expect(room.reply).toMatchObject({ kind: 'refused', outcome: 'declined' });
    expect(await h.agent().ports.vault.receipts.ofRun(roomRun)).toHaveLength(0);
  });

  it('refuses at the room’s door a credential for another addressee, another audience, or spent twice', async () => {
    const h = await routedHome();
    const request = { addressee: h.who.missio, message: MESSAGE, surface: 'sidepanel' as const };
    const at = async (door: Awaited<ReturnType<RoutedHome['routedDoor']>>) => h.agent().harness.ask(request, door);

    const other = await at(await h.routedDoor(request, { credential: { addressee: h.who.bob } }));
    expect(other).toMatchObject({ ok: false, error: { code: 'WRONG_ADDRESSEE' } });
    if (!other.ok) expect(other.error.message).toMatch(/neither the asker’s own agent nor the room that routed it/);
    const elsewhere = await at(await h.routedDoor(request, { credential: { audience: 'home-agent:zone:other' } }));
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'WRONG_AUDIENCE' } });

    const good = await h.routedDoor(request);
    expectKind(replyOf(await at(good)), 'authority_required');
    const twice = await at(good);
    expect(twice).toMatchObject({ ok: false, error: { code: 'NONCE_REUSED' } });
    if (!twice.ok) expect(twice.error.message).toMatch(/already spent/);

    const forged = await at(await h.routedDoor(request, { signer: 'bob' }));
    expect(forged).toMatchObject({ ok: false, error: { code: 'SIGNATURE_INVALID' } });
  });

  it('refuses a body for another room, for another ask, or routed by someone for another asker', async () => {
    const h = await routedHome();
    const request = { addressee: h.who.missio, message: MESSAGE, surface: 'sidepanel' as const };
    const door = await h.routedDoor(request);
    const body = door.body as Record<string, unknown>;
    const at = (b: Record<string, unknown>, r = request) => h.agent().harness.ask(r, { ...door, body: b });
    expect(await at({ ...body, room: h.who.bob })).toMatchObject({ ok: false, error: { code: 'ROUTED_WRONG_ROOM' } });
    expect(await at(body, { ...request, message: 'invite bob to Missio Nexus' })).toMatchObject({
      ok: false,
      error: { code: 'ROUTED_WRONG_MESSAGE' },
    });
    expect(await at({ ...body, asker: h.who.bob })).toMatchObject({
      ok: false,
      error: { code: 'ROUTED_NOT_THE_ASKERS' },
    });
    // A body changed after it was signed is not the one the credential binds.
    expect(await at({ ...body, from: { runRef: 'run-other', stepRef: 's1' } })).toMatchObject({
      ok: false,
      error: { code: 'BINDING_MISMATCH' },
    });
    expect(await at({ ...body, type: 'other' })).toMatchObject({ ok: false, error: { code: 'ROUTED_MALFORMED' } });
    // None of them spent the credential's nonce: it is still good once.
    expectKind(replyOf(await h.agent().harness.ask(request, door)), 'authority_required');
  });

  it('keeps the old path for what is not routed: a read, and an organization’s own ask', async () => {
    const h = await routedHome();
    const read = replyOf(await h.ask("Who's in Missio Nexus right now?"));
    expect((await h.agent().harness.runState(read.runRef)).steps[0]?.routed).toBeUndefined();
    const direct = replyOf(await h.agent().ask({ message: MESSAGE, addressee: h.who.missio, surface: 'sidepanel' }));
    expectKind(direct, 'authority_required');
    expect((await h.agent().harness.runState(direct.runRef)).steps[0]?.routed).toBeUndefined();
  });
});
