import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import type { JudgeRequest, JudgeResponse } from '../../../harness';
import type { Runtime } from '../messages-call';
import { structuredCall } from '../structured';
import { materialBlock, MATERIAL_RULE, quoted, requestBlock } from '../untrusted';
import { distributionJsonSchema, distributionSchema, optionLines } from './distribution';
import { readingBlock } from './reading';

/**
 * The skill-selection judge (seed 001 step 4, §4): ap.skill-selection-judge.fast.v2 and a thorough profile. One
 * question — "Which ONE offered skill should handle this request?" — over one-line cards plus n/a, answered as a
 * probability distribution and nothing else. The instructions and the cards are the cacheable prefix (the same for
 * every ask at this playbook); the typed reading, the words and any material follow in the user turn.
 */
export const JUDGE_TOOL = 'record_judgement';

const COMMON = [
  "You are the skill-selection judge of a person's agent. You decide fit only: choosing a skill permits nothing, and every step still meets its own checks.",
  'Question: Which ONE offered skill should handle this request?',
  'Options are the offered skills, each with one line of purpose, Produces and Not for, plus n/a. A skill\'s "Not for" list names requests it must not take, even when its words look close. Put your mass on n/a when no offered skill fits: the request is out of scope, merely adjacent to a skill, or too small or personal for any of them.',
  'When two skills could each do it, split the mass between them honestly rather than guessing one.',
  `Answer only by calling ${JUDGE_TOOL}: a probability for every option id, summing to 1.`,
  MATERIAL_RULE,
];
const FAST = [...COMMON, 'Profile: fast. Give the distribution directly.'].join('\n');
const THOROUGH = [
  ...COMMON,
  'Profile: thorough. First, for each option, say in a few words whether the request is inside its purpose and outside its Not for (fits yes / partly / no); then give the distribution, consistent with what you said.',
].join('\n');

const Considered = z
  .array(
    z.strictObject({ option: z.string().max(120), fits: z.enum(['yes', 'partly', 'no']), why: z.string().max(400) }),
  )
  .max(64);

function tool(ids: readonly string[], thorough: boolean): Anthropic.Tool {
  const properties: Record<string, unknown> = { distribution: distributionJsonSchema(ids) };
  if (thorough) {
    properties.considered = {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          option: { type: 'string', enum: [...ids] },
          fits: { type: 'string', enum: ['yes', 'partly', 'no'] },
          why: { type: 'string' },
        },
        required: ['option', 'fits', 'why'],
      },
    };
  }
  return {
    name: JUDGE_TOOL,
    description:
      'Records the judgement: which one offered skill should handle the request, as a probability distribution over the option ids.',
    input_schema: {
      type: 'object',
      properties,
      required: thorough ? ['considered', 'distribution'] : ['distribution'],
      additionalProperties: false,
    },
  };
}

export async function judgeSkills(rt: Runtime, request: JudgeRequest): Promise<JudgeResponse> {
  const profile = rt.config.judgeProfile === 'as-asked' ? request.profile : rt.config.judgeProfile;
  const thorough = profile === 'thorough';
  const ids = request.options.map((o) => o.id);
  const cards = optionLines(request.options.map((o) => ({ id: o.id, text: quoted(o.card) })));
  const schema = thorough
    ? z.strictObject({ considered: Considered, distribution: distributionSchema(ids) })
    : z.strictObject({ distribution: distributionSchema(ids) });
  const { value, usage } = await structuredCall(rt, {
    role: 'judge',
    tier: 'light',
    system: [
      { type: 'text', text: thorough ? THOROUGH : FAST },
      { type: 'text', text: `The offered options:\n${cards}`, cache_control: { type: 'ephemeral' } },
    ],
    user: [readingBlock(request.reading), requestBlock(request.question), materialBlock(request.material)]
      .filter((s) => s !== '')
      .join('\n\n'),
    maxTokens: thorough ? 1200 : 300,
    tool: tool(ids, thorough),
    schema,
    what: "The judge's answer",
    signal: request.signal,
  });
  return { distribution: value.distribution, usage };
}
