import { describe, expect, it } from 'vitest';
import type { RemoteAgentPort } from '../../../harness';
import {
  cabinetRecordsOf,
  demoContext,
  expectKind,
  grantAliceCabinet,
  replyOf,
  scriptedHeartCoach,
  type ScriptedAgents,
} from '../../../harness/testing';
import { ConsultationPart } from '../../../protocol/heartcoach';
import { heartCoachExecutor } from './index';

/**
 * The app's consultation (DESIGN §6): a heart-health question judged to be HeartCoach's runs as an
 * outside-agent step carrying exactly the granted folders and the grant; the answer is attributed to HeartCoach; what
 * it proposes is filed as self-authorized writes with receipts — only from the person's own session; a gateway that is
 * down, slow, refusing or unconfigured leaves a sentence and the question kept. In-memory World, scripted HeartCoach.
 */
type Sent = Parameters<RemoteAgentPort['send']>[0];

async function world() {
  const context = await demoContext({ outsideAgents: [heartCoachExecutor] });
  const agents = context.ctx.agents as ScriptedAgents;
  const lastSent = (): Sent & { data: ConsultationPart } => {
    const sent = agents.sent.at(-1);
    if (sent === undefined) throw new Error('nothing was sent to HeartCoach');
    return { ...sent, data: ConsultationPart.parse(sent.data) };
  };
  return { ...context, agents, lastSent };
}

describe("the HeartCoach consultation from the person's own session", () => {
  it('sends exactly the granted folders and the grant, attributes the answer, and files the insight only when asked to', async () => {
    const { world: w, vault, lastSent } = await world();
    const answer = expectKind(replyOf(await w.ask({ message: 'How is my week going?' })), 'answer');
    expect(answer.text).toMatch(/^HeartCoach says: Your week looks steady/);
    expect(answer.text).toMatch(/HeartCoach suggests filing its insight; you did not ask to file it/);
    expect(cabinetRecordsOf(vault, 'cabinet.guidance')).toEqual([]);
    const done = expectKind(replyOf(await w.ask({ message: 'How is my week going? File the insight.' })), 'done');
    const sent = lastSent();
    expect(sent).toMatchObject({
      agent: 'heartcoach',
      capability: 'heartcoach.ask',
      text: 'How is my week going? File the insight.',
      asker: w.who.alice,
      timeoutMs: 20_000,
    });
    expect(Object.keys(sent.data.cabinet).sort()).toEqual(['doses', 'profile', 'readings']);
    expect(sent.data.kind).toBe('question');
    expect(sent.data.grant).toMatchObject({ scope: { folders: ['doses', 'profile', 'readings'] } });
    expect(sent.data.cabinet.readings!.map((r) => r.id)).toEqual([
      'bp-2026-09-29',
      'bp-2026-09-28',
      'weight-2026-09-28',
    ]);
    expect(done.plannerTrace.plannerUsed).toBe('compiled');
    expect(done.result.text).toMatch(/^HeartCoach says: Your week looks steady/);
    expect(done.result.text).toMatch(/Filed in your cabinet: HeartCoach’s insight\./);
    // The filing is the agent's own sentence: it is not passed off as HeartCoach's words.
    const filed = cabinetRecordsOf(vault, 'cabinet.guidance');
    expect(filed.map((r) => r.id)).toEqual(['heartcoach:guidance/guidance-scripted-2']);
    expect(filed[0]!.data).toMatchObject({
      type: 'heartcoach.guidance',
      question: 'How is my week going? File the insight.',
      builtFrom: ['bp-2026-09-29', 'bp-2026-09-28'],
    });
    expect(done.receipts.map((r) => [r.toolId, r.presentedRef, r.observation])).toEqual([
      ['heartcoach.consult', 'informational', 'accepted'],
      ['cabinet.guidance.file', 'self', 'committed'],
    ]);
    expect(done.receipts[1]!.attests).toMatchObject({
      proposedBy: 'HeartCoach',
      source: 'app:heartcoach',
      record: 'heartcoach:guidance/guidance-scripted-2',
    });
  });

  it('after a folder is withdrawn (a new grant), the next consultation carries none of it', async () => {
    const { world: w, vault, lastSent } = await world();
    expectKind(replyOf(await w.ask({ message: 'How is my week going?' })), 'answer');
    expect(lastSent().data.cabinet.doses).toBeDefined();
    grantAliceCabinet(vault, w.who.alice, ['profile', 'readings'], 2);
    expectKind(replyOf(await w.ask({ message: 'How is my week going?' })), 'answer');
    const sent = lastSent();
    expect(Object.keys(sent.data.cabinet).sort()).toEqual(['profile', 'readings']);
    expect(sent.data.grant).toMatchObject({ scope: { folders: ['profile', 'readings'] } });
  });

  it('"Log 2400 steps for today" goes to HeartCoach, which proposes the reading; the agent files it with its own receipt', async () => {
    const { world: w, vault, lastSent } = await world();
    const done = expectKind(replyOf(await w.ask({ message: 'Log 2400 steps for today' })), 'done');
    expect(lastSent().text).toBe('Log 2400 steps for today');
    const steps = cabinetRecordsOf(vault, 'cabinet.readings').filter((r) => r.data.metric === 'steps');
    expect(steps.map((r) => r.data)).toEqual([
      {
        id: 'steps-scripted-1',
        metric: 'steps',
        value: 2400,
        unit: 'steps',
        at: '2026-09-29T11:58:00.000Z',
        source: 'you',
      },
    ]);
    // The reading she asked to log is filed; HeartCoach's insight, which she did not ask to file, is offered.
    expect(done.receipts.map((r) => r.toolId)).toEqual(['heartcoach.consult', 'cabinet.readings.log']);
    expect(done.receipts.slice(1).every((r) => r.presentedRef === 'self' && r.status === 'committed')).toBe(true);
    expect(done.result.text).toMatch(/✓ logged 2400 steps/);
    expect(done.result.text).toMatch(/Filed in your cabinet: your steps reading \(2400 steps\)\./);
    expect(done.result.text).toMatch(/HeartCoach suggests filing its insight/);
  });

  it('sends the kind: a check-in goes as heartcoach.checkin, and "tell my nurse" is HeartCoach\'s too', async () => {
    const { world: w, lastSent } = await world();
    expectKind(replyOf(await w.ask({ message: 'Good morning, here is my check-in' })), 'answer');
    expect(lastSent()).toMatchObject({ capability: 'heartcoach.checkin', data: { kind: 'check-in' } });
    expectKind(
      replyOf(await w.ask({ message: 'Tell my nurse my ankle swelling is a bit better this morning' })),
      'answer',
    );
    expect(lastSent()).toMatchObject({ capability: 'heartcoach.ask', data: { kind: 'question' } });
  });

  it('leaves out a cabinet record that does not fit its folder, and says so', async () => {
    const { world: w, vault, lastSent } = await world();
    vault.addRecord({
      id: 'bp-broken',
      type: 'cabinet.readings',
      owner: w.who.alice,
      data: { id: 'bp-broken', metric: 'bp', value: 'high', unit: 'mmHg', at: 'yesterday', source: 'you' },
    });
    const answer = expectKind(replyOf(await w.ask({ message: 'How is my week going?' })), 'answer');
    expect(lastSent().data.cabinet.readings!.map((r) => r.id)).not.toContain('bp-broken');
    expect(answer.text).toMatch(/1 record in your cabinet did not fit/);
  });
});

describe('the HeartCoach consultation when something is wrong: a sentence, and the question kept', () => {
  it('gateway down: waiting with the reason, resumable; once it is back the same run is answered', async () => {
    const { world: w, agents } = await world();
    agents.answers.heartcoach = { kind: 'unavailable', reason: 'it could not be reached' };
    const result = await w.ask({ message: 'How is my week going?' });
    const waiting = expectKind(replyOf(result), 'waiting');
    expect(waiting).toMatchObject({
      on: 'heartcoach',
      text: 'HeartCoach did not answer (it could not be reached). Your question is kept: ask again to send it.',
    });
    expect(result.ok && result.data.resumable).toBe(true);
    agents.answers.heartcoach = scriptedHeartCoach();
    const answered = expectKind(replyOf(await w.ask({ runRef: waiting.runRef })), 'answer');
    expect(answered.text).toMatch(/^HeartCoach says: Your week looks steady/);
    expect(agents.sent.at(-1)!.text).toBe('How is my week going?');
  });

  it('slow (no answer within 20 s), refusing and unconfigured: each in words, nothing filed', async () => {
    const { world: w, vault, agents } = await world();
    const cases = [
      [
        { kind: 'unavailable', reason: 'no answer within 20 s' },
        /^HeartCoach did not answer \(no answer within 20 s\)\. Your question is kept/,
      ],
      [
        {
          kind: 'refused',
          code: 'grant_refused',
          message: 'Your cabinet grant to HeartCoach was refused: it was revoked.',
        },
        /^HeartCoach declined: Your cabinet grant to HeartCoach was refused: it was revoked\. Your question is kept/,
      ],
      [
        {
          kind: 'refused',
          code: 'coach_unconfigured',
          message: 'HeartCoach is not configured here: no model key is set, so it cannot answer.',
        },
        /^HeartCoach declined: HeartCoach is not configured here/,
      ],
    ] as const;
    for (const [answer, words] of cases) {
      agents.answers.heartcoach = answer;
      expect(expectKind(replyOf(await w.ask({ message: 'How is my week going?' })), 'waiting').text).toMatch(words);
    }
    expect(cabinetRecordsOf(vault, 'cabinet.guidance')).toEqual([]);
  });

  it("an answer that does not have HeartCoach's shape is not believed: nothing filed", async () => {
    const { world: w, vault, agents } = await world();
    agents.answers.heartcoach = {
      kind: 'answer',
      agent: 'heartcoach',
      cardDigest: `0x${'c0'.repeat(32)}`,
      text: 'Filed!',
      data: { say: 'Filed!', proposed: [{ folder: 'contacts' }] },
    };
    const waiting = expectKind(replyOf(await w.ask({ message: 'How is my week going?' })), 'waiting');
    expect(waiting.text).toMatch(/^HeartCoach's answer did not have the shape it promises/);
    expect(cabinetRecordsOf(vault, 'cabinet.guidance')).toEqual([]);
  });

  it('not connected (no cabinet grant): nothing is sent, and the person is told where to connect it', async () => {
    const { world: w, vault, agents } = await world();
    vault.cabinetGrants.clear();
    const waiting = expectKind(replyOf(await w.ask({ message: 'How is my week going?' })), 'waiting');
    expect(waiting.text).toMatch(/^HeartCoach is not connected to your Home: connect it in the options page/);
    expect(agents.sent).toEqual([]);
  });
});

describe('the HeartCoach consultation through ask-as-me', () => {
  it('answers as the person but files nothing of what HeartCoach proposed, and says so', async () => {
    const { world: w, vault } = await world();
    const origin = 'http://127.0.0.1:8787';
    const wireHash = await w.grantWire(origin);
    const reply = replyOf(await w.askAsMe({ message: 'Log 2400 steps for today', wireHash, origin }));
    const answer = expectKind(reply, 'answer');
    expect(answer.attributions![0]!.source).toBe('HeartCoach');
    expect(answer.text).toMatch(
      /Not filed: your steps reading \(2400 steps\), HeartCoach’s insight — an app asking as you never writes your records/,
    );
    expect(cabinetRecordsOf(vault, 'cabinet.readings').some((r) => r.data.metric === 'steps')).toBe(false);
    expect(cabinetRecordsOf(vault, 'cabinet.guidance')).toEqual([]);
  });
});

/** Moved from the run loop's own tests: the generic loop runs HeartCoach's step through its registered executor. */
describe('the run loop with HeartCoach registered', () => {
  it('attributes an outside agent’s words and passes the question, never the person’s records, unless granted', async () => {
    const { world, ctx } = await demoContext({ outsideAgents: [heartCoachExecutor] });
    // Alice granted HeartCoach three folders (the demo world): exactly those travel; nothing is filed unasked.
    const reply = expectKind(replyOf(await world.ask({ message: 'How is my week going?' })), 'answer');
    expect(reply.text).toMatch(/^HeartCoach says: Your week looks steady/);
    const sent = (
      ctx.agents as unknown as {
        sent: { agent: string; capability: string; text: string; timeoutMs: number; data?: { cabinet: object } }[];
      }
    ).sent;
    expect(sent).toEqual([
      expect.objectContaining({
        agent: 'heartcoach',
        capability: 'heartcoach.ask',
        text: 'How is my week going?',
        asker: world.who.alice,
        timeoutMs: 20_000,
      }),
    ]);
    expect(Object.keys(sent[0]!.data!.cabinet).sort()).toEqual(['doses', 'profile', 'readings']);
  });
});
