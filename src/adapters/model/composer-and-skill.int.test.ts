import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { read, reply } from '../../testing/scripted-messages-script';
import { startScriptedMessagesServer, type ScriptedMessagesServer } from '../../testing/scripted-messages-server';
import {
  type ComposeRequest,
  type SkillApplyRequest,
  GENERATED_ONTOLOGY,
  composeAnswer,
  newTrace,
} from '../../harness';
import { memoryWorld } from '../../harness/testing';
import { createAnthropicModel } from './anthropic-model';
import type { CallRecord } from './messages-call';
import { observationIds, words } from './testing/read-prompt';

// The hosted model cannot run here: the scripted Messages server stands in for it, driven by the real SDK.
let server: ScriptedMessagesServer;
const records: CallRecord[] = [];
const model = () =>
  createAnthropicModel(
    { apiKey: 'test-key', baseURL: server.url, maxRetries: 0, composeModel: 'claude-sonnet-5' },
    { onCall: (r) => records.push(r) },
  );

const composeRequest = (extra: Partial<ComposeRequest> = {}): ComposeRequest => ({
  question: 'Who is in Missio Nexus right now?',
  observations: [
    {
      id: 's1',
      toolId: 'organization.members.list',
      source: 'vault',
      text: 'Missio Nexus has 4 members: Bob, Dave, Nathan and Carol.',
    },
    {
      id: 's2',
      toolId: 'heartcoach.consult',
      source: 'outside-agent',
      attribution: 'HeartCoach',
      text: 'Your week looks steady.',
    },
  ],
  brief: true,
  material: [],
  problems: [],
  ...extra,
});

/** A composer that writes one sentence per observation, citing each by the id the request gave it. */
const citingComposer = (r: Parameters<Parameters<typeof server.setScript>[0]>[0]) =>
  reply.text(
    observationIds(r)
      .map((id) =>
        id === 's2' ? `HeartCoach says your week looks steady [${id}].` : `Missio Nexus has 4 members [${id}].`,
      )
      .join(' '),
  );

beforeAll(async () => {
  server = await startScriptedMessagesServer({ script: citingComposer });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  records.length = 0;
  server.setScript(citingComposer);
  server.setChunkDelay(0);
});

describe('the grounded composer on the real SDK', () => {
  it('lifts the inline citations out of the text, streamed or not, and the stream concatenates to the final text', async () => {
    const plain = await model().compose(composeRequest());
    expect(plain).toMatchObject({
      text: 'Missio Nexus has 4 members. HeartCoach says your week looks steady.',
      citations: ['s1', 's2'],
    });
    server.setChunkDelay(2);
    const deltas: string[] = [];
    const streamed = await model().compose(composeRequest({ onText: (d) => deltas.push(d) }));
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join('')).toBe(streamed.text);
    expect(streamed).toMatchObject({ text: plain.text, citations: ['s1', 's2'] });
    expect(server.requests[1]!.body.stream).toBe(true);
    expect(records[1]).toMatchObject({ role: 'composer', tier: 'compose', streamed: true });
    expect(records[1]!.firstTextMs).not.toBeNull();
    expect(records[1]!.firstTextMs!).toBeLessThan(records[1]!.ms);
    const req = server.requests[0]!;
    expect(req.body.model).toBe('claude-sonnet-5');
    expect((req.body.system as { cache_control?: unknown }[])[0]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(read.firstUserText(req)).toContain(
      '<observation id="s2" tool="heartcoach.consult" source="outside-agent" attribution="HeartCoach">',
    );
  });

  it('an answer citing nothing comes back without citations (the harness refuses it); the recompose carries the problems', async () => {
    server.setScript(() => reply.text('Everyone you would expect.'));
    const res = await model().compose(composeRequest());
    expect(res.citations).toEqual([]);
    server.setScript(citingComposer);
    await model().compose(composeRequest({ problems: ['cites no observation'] }));
    expect(read.firstUserText(server.requests[1]!)).toContain(
      'write it again without these problems:\n- cites no observation',
    );
  });

  it("through the harness's compose stage: an answer citing nothing is recomposed once with the problem, then the grounded fallback", async () => {
    server.setScript(() => reply.text('Everyone you would expect, about 12 people.'));
    const world = await memoryWorld({ model: model(), ontology: GENERATED_ONTOLOGY });
    const trace = newTrace();
    const steps = composeRequest().observations.map((observation) => ({ observation, templated: false }));
    const composed = await composeAnswer(world.harness().context, {
      words: 'Who is in Missio Nexus right now?',
      steps,
      material: [],
      trace,
    });
    expect(composed.composedBy).toBe('fallback');
    expect(composed.text).toContain('Missio Nexus has 4 members');
    expect(trace.calls.map((c) => [c.role, c.provider, c.outcome])).toEqual([
      ['composer', 'anthropic', 'ok'],
      ['composer', 'anthropic', 'ok'],
    ]);
    const retry = read.firstUserText(server.requests[1]!);
    expect(retry).toContain('- cites no observation');
    expect(retry).toContain('says numbers nobody observed: 12');
    // A grounded answer on the first try is kept as the composer wrote it.
    server.setScript(citingComposer);
    const good = await composeAnswer(world.harness().context, {
      words: 'Who is in Missio Nexus right now?',
      steps,
      material: [],
      trace: newTrace(),
    });
    expect(good).toMatchObject({
      composedBy: 'composer',
      text: 'Missio Nexus has 4 members. HeartCoach says your week looks steady.',
    });
  });

  it('an empty answer is refused in words', async () => {
    server.setScript(() => reply.text('   '));
    await expect(model().compose(composeRequest())).rejects.toMatchObject({
      code: 'MODEL_OUTPUT_INVALID',
      message: 'The composer wrote nothing, so its answer was not used.',
    });
  });
});

describe('an instruction skill on the real SDK', () => {
  const skill = GENERATED_ONTOLOGY.skills['grant-inquiry-letter']!;
  const request = (extra: Partial<SkillApplyRequest> = {}): SkillApplyRequest => ({
    skillId: skill.id,
    body: skill.body,
    bodyDigest: skill.bodyDigest,
    question: 'Write the Marlow Foundation inquiry letter.',
    inputs: [],
    material: [],
    maxTokens: 600,
    ...extra,
  });

  it('runs once under the rules and the pinned body (both cached), with the token budget the harness set, and streams', async () => {
    server.setScript((r) =>
      reply.text(`Dear Marlow Foundation, ${words(r).length > 0 ? 'we write to introduce Missio Nexus.' : ''}`),
    );
    const deltas: string[] = [];
    const res = await model().applySkill(request({ onText: (d) => deltas.push(d) }));
    expect(res.text).toBe('Dear Marlow Foundation, we write to introduce Missio Nexus.');
    expect(deltas.join('')).toBe(res.text);
    const req = server.requests[0]!;
    expect(req.body.max_tokens).toBe(600);
    const system = req.body.system as { text: string; cache_control?: unknown }[];
    expect(system.map((b) => b.cache_control)).toEqual([{ type: 'ephemeral' }, { type: 'ephemeral' }]);
    expect(system[1]!.text).toContain(skill.body.slice(0, 60));
    // The digest pins the body for the harness; the model has no use for it.
    expect(JSON.stringify(req.body)).not.toContain(skill.bodyDigest);
  });
});
