import { describe, expect, it } from 'vitest';
import { newTrace } from '../kernel/trace';
import { demoContext } from '../testing/context';
import { scriptedModel, ZERO_USAGE } from '../testing/scripted-model';
import { composeAnswer, unsupportedSentence, type ComposeStep } from './compose';
import { checkGroundedComposition } from './grounded';
import { GENERATED_ONTOLOGY } from '../kernel/ontology';

const coach: ComposeStep = {
  observation: {
    id: 's1',
    toolId: 'heartcoach.consult',
    source: 'outside-agent',
    attribution: 'HeartCoach',
    text: 'Your weight is up 2 kg this week.',
  },
  templated: false,
};

describe('compose (seed 001 step 10)', () => {
  it('the grounding check: real citations, attribution of outside agents, no invented numbers', () => {
    const base = { observations: [coach.observation], words: 'how is my week going' };
    expect(
      checkGroundedComposition({ ...base, text: 'HeartCoach says your weight is up 2 kg.', citations: ['s1'] }),
    ).toEqual([]);
    expect(checkGroundedComposition({ ...base, text: 'Your weight is up 2 kg.', citations: ['s1'] })).toEqual([
      expect.stringMatching(/without saying they are HeartCoach/),
    ]);
    expect(checkGroundedComposition({ ...base, text: 'HeartCoach says up 5 kg.', citations: ['s1'] })).toEqual([
      expect.stringMatching(/numbers nobody observed: 5/),
    ]);
    expect(checkGroundedComposition({ ...base, text: 'HeartCoach says fine.', citations: ['s9'] })).toEqual([
      expect.stringMatching(/do not exist: s9/),
    ]);
  });

  it('recomposes once with the problems, then falls back to the grounded observations', async () => {
    const bad = { text: 'You gained 9 kg.', citations: ['s1'], usage: ZERO_USAGE };
    const good = { text: 'HeartCoach says your weight is up 2 kg this week.', citations: ['s1'], usage: ZERO_USAGE };
    const once = scriptedModel({ composer: [bad, good] });
    const { ctx } = await demoContext({ model: once });
    expect(
      (await composeAnswer(ctx, { words: 'how is my week', steps: [coach], material: [], trace: newTrace() }))
        .composedBy,
    ).toBe('composer');
    expect((once.calls[1]!.request as { problems: string[] }).problems.length).toBeGreaterThan(0);
    const twice = scriptedModel({ composer: [bad, bad] });
    const second = await demoContext({ model: twice });
    const fallback = await composeAnswer(second.ctx, {
      words: 'how is my week',
      steps: [coach],
      material: [],
      trace: newTrace(),
    });
    expect(fallback).toMatchObject({
      composedBy: 'fallback',
      text: 'HeartCoach says: Your weight is up 2 kg this week.',
      attributions: [{ source: 'HeartCoach' }],
    });
  });

  it('templated steps never call the composer; unsupported is the ontology’s fixed sentence', async () => {
    const model = scriptedModel({});
    const { ctx } = await demoContext({ model });
    const read: ComposeStep = {
      observation: { id: 's1', toolId: 'person.contact.list', source: 'vault', text: 'You have 4 contacts.' },
      templated: true,
      rows: [{ name: 'bob' }],
    };
    expect(
      await composeAnswer(ctx, { words: 'contacts', steps: [read], material: [], trace: newTrace() }),
    ).toMatchObject({ composedBy: 'template', results: [{ name: 'bob' }] });
    expect(model.calls).toHaveLength(0);
    expect(unsupportedSentence(GENERATED_ONTOLOGY, 'tell me a joke')).toBe(
      'I can\'t help with that: "tell me a joke" is not something this agent knows how to do. Say "help" to hear what it can do.',
    );
  });
});
