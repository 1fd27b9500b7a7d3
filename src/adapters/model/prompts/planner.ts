import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import type { PlannerRequest, PlannerResponse, ToolSpec } from '../../../harness';
import type { Runtime } from '../messages-call';
import { structuredCall } from '../structured';
import { materialBlock, MATERIAL_RULE, quoted, requestBlock } from '../untrusted';
import { readingBlock } from './reading';

/**
 * The planner (seed 001 step 5, no skill chosen): the playbook's doctrine, the fixed planner rules (fan-out,
 * $when, $executor, never invent an amount or a recipient), the offered tools with their contract utterances as
 * examples — three cached blocks, the same for every ask at this playbook — then the reading, held mandates,
 * memory, the one re-plan's violations and the words. The plan comes back through one tool whose schema names the
 * offered tool ids; whatever it proposes, the harness's admission and authority decide.
 */
export const PLAN_TOOL = 'propose_plan';

const ROLE = [
  "You plan for a person's agent: turn the request into a plan of steps over the offered tools.",
  "A plan proposes; it authorizes nothing. Every step is checked afterwards, and acts wait for the person's own signature.",
  'Arguments: a step\'s args are named by the tool\'s argument names. Refer to an earlier step\'s output with { "$ref": "s1" } (or "s1.rows"); steps are s1, s2, … in order unless given an id.',
  `Answer only by calling ${PLAN_TOOL}.`,
  MATERIAL_RULE,
].join('\n');

function catalog(tools: readonly ToolSpec[]): string {
  return tools
    .map((t) => {
      const args = t.args.map((a) => `${a.name} (${a.kind}${a.required ? ', required' : ''}): ${a.description}`);
      const lines = [`## ${t.id} — ${t.kind}${t.informational ? ', informational' : ', acts'}`, t.description];
      if (args.length > 0) lines.push(`args: ${args.join('; ')}`);
      if (t.examples.length > 0)
        lines.push(
          `examples: ${t.examples
            .slice(0, 4)
            .map((e) => `"${e}"`)
            .join(' ')}`,
        );
      return lines.join('\n');
    })
    .join('\n\n');
}

function planTool(ids: readonly string[]): Anthropic.Tool {
  const step = {
    type: 'object',
    properties: {
      id: { type: 'string', description: 'optional; defaults to s1, s2, …' },
      toolId: { type: 'string', enum: [...ids] },
      args: {
        type: 'object',
        description: 'argument name → value, { "$ref": "s1" }, or { "$item": true } inside a fan-out',
      },
      forEach: { description: 'fan-out: a list, or { "$ref": "s1.rows" }' },
      when: {
        type: 'object',
        description: '{ "$ref": "s1.found", "equals": true }: run only when an earlier result says so',
      },
      executor: { type: 'string', description: 'a specialist the doctrine names' },
    },
    required: ['toolId', 'args'],
  };
  return {
    name: PLAN_TOOL,
    description: 'Proposes the plan: at most four steps over the offered tools.',
    input_schema: {
      type: 'object',
      properties: { steps: { type: 'array', items: step, maxItems: 4 }, rationale: { type: 'string' } },
      required: ['steps'],
      additionalProperties: false,
    },
  };
}

const PlanShape = z.strictObject({
  steps: z.array(z.record(z.string(), z.unknown())).max(8),
  rationale: z.string().max(1000).optional(),
});

export async function plan(rt: Runtime, request: PlannerRequest): Promise<PlannerResponse> {
  const system: Anthropic.TextBlockParam[] = [
    {
      type: 'text',
      text: `${ROLE}\n\nThe planner's fixed rules:\n${request.rules.map((r) => `- ${r}`).join('\n')}`,
      cache_control: { type: 'ephemeral' },
    },
  ];
  if (request.doctrine.trim() !== '') {
    system.push({
      type: 'text',
      text: `This agent's playbook doctrine (its custodian's instructions):\n${request.doctrine}`,
      cache_control: { type: 'ephemeral' },
    });
  }
  system.push({
    type: 'text',
    text: `The offered tools:\n\n${catalog(request.tools)}`,
    cache_control: { type: 'ephemeral' },
  });
  const user = [readingBlock(request.reading)];
  if (request.heldMandates.length > 0)
    user.push(`Authority already granted:\n${request.heldMandates.map((m) => `- ${quoted(m)}`).join('\n')}`);
  if (request.memory.length > 0)
    user.push(
      `The asker's memory (quoted):\n${request.memory
        .slice(0, 20)
        .map((m) => `- ${quoted(m)}`)
        .join('\n')}`,
    );
  if (request.violations.length > 0) {
    user.push(
      `Your previous plan was refused, for these reasons; plan again within them:\n${request.violations.map((v) => `- ${quoted(v)}`).join('\n')}`,
    );
  }
  user.push(requestBlock(request.question));
  const material = materialBlock(request.material);
  if (material !== '') user.push(material);
  const { value, usage } = await structuredCall(rt, {
    role: 'planner',
    tier: 'light',
    system,
    user: user.join('\n\n'),
    maxTokens: 1024,
    tool: planTool(request.tools.map((t) => t.id)),
    schema: PlanShape,
    what: "The planner's answer",
    signal: request.signal,
  });
  return { plan: value, usage };
}
