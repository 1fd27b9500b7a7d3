import { describe, expect, it } from 'vitest';
import { HomeError } from '../../protocol/errors';
import { NOT_APPLICABLE, type JudgeRequest, type SkillApplyRequest } from './model-port';
import { demoContext } from '../testing/context';
import { expectKind, replyOf } from '../testing/scenario';
import { ZERO_USAGE, distribution, scriptedModel, textAnswer } from '../testing/scripted-model';
import type { StreamPiece } from './turn-controls';

/**
 * One turn's controls through the harness: the text of an instruction skill streams to the door as the
 * model writes it, every model call carries the door's signal, and a turn the person stopped ends with a sentence
 * — nothing after the stop is carried out.
 */
const letter = (r: JudgeRequest) => r.options.map((o) => o.id).find((id) => /inquiry/.test(id))!;
const planChoice = [
  (r: { options: readonly { id: string; tools: readonly string[] }[] }) => ({
    distribution: Object.fromEntries(
      r.options.map((o) => [o.id, o.tools.length === 1 ? 0.9 : 0.1 / Math.max(1, r.options.length - 1)]),
    ),
    usage: { ...ZERO_USAGE },
  }),
];

async function missio(script: Parameters<typeof scriptedModel>[0]) {
  const model = scriptedModel(script, { repeatLast: true });
  const { world } = await demoContext({ model });
  const request = {
    addressee: world.who.missio,
    surface: 'sidepanel' as const,
    message: 'Write the Marlow Foundation inquiry letter.',
  };
  return {
    model,
    world,
    ask: (controls: Parameters<ReturnType<typeof world.harness>['ask']>[2]) =>
      world.harness().ask(request, { kind: 'session', asker: world.who.alice }, controls),
  };
}

describe('a turn’s controls', () => {
  it('streams an instruction skill’s text to the door as it is written, and passes the signal to every call', async () => {
    const seen: { role: string; signal: AbortSignal | undefined }[] = [];
    const { ask } = await missio({
      judge: [
        (r) => (
          seen.push({ role: 'judge', signal: r.signal }),
          distribution({ [letter(r)]: 0.9, [NOT_APPLICABLE]: 0.1 })
        ),
      ],
      planChoice,
      skill: [
        (r: SkillApplyRequest) => {
          seen.push({ role: 'skill-apply', signal: r.signal });
          for (const piece of ['Dear Marlow ', 'Foundation, ', 'we write…']) r.onText?.(piece);
          return textAnswer('Dear Marlow Foundation, we write…');
        },
      ],
    });
    const controller = new AbortController();
    const pieces: StreamPiece[] = [];
    const reply = expectKind(
      replyOf(await ask({ signal: controller.signal, onText: (p) => pieces.push(p) })),
      'answer',
    );
    expect(pieces).toEqual([
      { role: 'skill-apply', call: 1, delta: 'Dear Marlow ' },
      { role: 'skill-apply', call: 1, delta: 'Foundation, ' },
      { role: 'skill-apply', call: 1, delta: 'we write…' },
    ]);
    expect(reply.text).toMatch(/Dear Marlow Foundation, we write…/);
    expect(seen.map((s) => s.role)).toEqual(['judge', 'skill-apply']);
    expect(seen.every((s) => s.signal === controller.signal)).toBe(true);
  });

  it('a stop while the judge thinks ends the run with a sentence, and the skill never runs', async () => {
    const controller = new AbortController();
    const { ask, model } = await missio({
      judge: [
        () => {
          controller.abort();
          // As the adapter answers a cancelled call.
          throw new HomeError('MODEL_CANCELLED', 'The model call was cancelled.');
        },
      ],
      planChoice,
      skill: [textAnswer('never written')],
    });
    const res = await ask({ signal: controller.signal });
    const refused = expectKind(replyOf(res), 'refused');
    expect(refused).toMatchObject({
      outcome: 'declined',
      error: { code: 'ANSWER_STOPPED', message: 'You stopped this answer.' },
    });
    expect(res.ok && res.data.resumable).toBe(false);
    expect(model.count('skill-apply')).toBe(0);
    expect(refused.plannerTrace.calls[0]).toMatchObject({ role: 'judge', outcome: 'failed' });
  });

  it('a stop while the skill writes ends the run with the sentence, not with a half answer', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    const { ask } = await missio({
      judge: [(r) => distribution({ [letter(r)]: 0.9, [NOT_APPLICABLE]: 0.1 })],
      planChoice,
      skill: [
        (r: SkillApplyRequest) => {
          r.onText?.('Dear Marl');
          controller.abort();
          throw new HomeError('MODEL_CANCELLED', 'The model call was cancelled.');
        },
      ],
    });
    const refused = expectKind(
      replyOf(await ask({ signal: controller.signal, onText: (p) => pieces.push(p.delta) })),
      'refused',
    );
    expect(pieces).toEqual(['Dear Marl']);
    expect(refused.error).toEqual({ code: 'ANSWER_STOPPED', message: 'You stopped this answer.' });
  });
});
