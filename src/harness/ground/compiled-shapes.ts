import type { Plan, PlanStep } from '../plan/plan-schema';
import type { ToolIndex } from '../tools/tools';
import { normalizeWords, splitNames } from './words';

/**
 * Compiled shapes (seed 001 step 3.3): regexes, no model, tried in order — consult, reads, acts with fan-out,
 * payments, routines (own agent only). A hit is the plan (plannerUsed: compiled) and the judge and planner are
 * skipped. A shape only proposes: its plan meets admission, resolution and authority like any other. Shapes read
 * the person's words only, never quoted material. A shape whose capability the playbook does not offer is skipped.
 */
export type CompiledHit = { shape: string; plan: Plan };

type Shape = {
  id: string;
  toolId: string;
  pattern: RegExp;
  ownAgentOnly?: boolean;
  build: (m: RegExpMatchArray, words: string) => PlanStep;
};

const END = String.raw`\s*[.?!]*$`;
const POLITE = String.raw`^(?:(?:please|hey|ok|so),?\s+)?(?:(?:can|could|would|will) you\s+)?(?:please\s+)?`;
const re = (body: string) => new RegExp(`${POLITE}${body}${END}`, 'i');
const AMOUNT = String.raw`(\d[\d,]*(?:\.\d+)?)\s*(?:usdc|usd|dollars?|\$)`;
const step = (toolId: string, args: PlanStep['args'] = {}): PlanStep => ({ toolId, args });

/** One name, or a fan-out over several ("bob and carol"). */
function personArgs(toolId: string, names: string, rest: PlanStep['args']): PlanStep {
  const list = splitNames(names);
  if (list.length > 1) return { toolId, args: { ...rest, person: { $item: true } }, forEach: list };
  return step(toolId, { ...rest, person: list[0] ?? names });
}

const SHAPES: Shape[] = [
  // consult
  {
    id: 'consult.heartcoach',
    toolId: 'heartcoach.consult',
    pattern: re(String.raw`(how is my week going|how am i doing|how(?:'s| is) my (?:heart|blood pressure)(?: doing)?)`),
    build: (_m, w) => step('heartcoach.consult', { question: w }),
  },
  // HeartCoach logs into the consultation's cabinet and proposes the record; the person's agent files it.
  {
    id: 'consult.heartcoach.log',
    toolId: 'heartcoach.consult',
    pattern: re(
      String.raw`(?:log|record)\s+(?:my\s+|this morning's\s+|today's\s+)?(?:\d[\d,.]*(?:/\d+)?\s*(?:steps|kg|kilos?|lbs?|pounds|bpm|mmhg)\b|(?:blood pressure|bp|weight|pulse|steps|water pill|pills?|dose|meds|medications?)\b).*`,
    ),
    build: (_m, w) => step('heartcoach.consult', { question: w }),
  },
  {
    id: 'consult.heartcoach.team',
    toolId: 'heartcoach.consult',
    pattern: re(
      String.raw`(?:tell|message|let)\s+(?:my\s+)?(?:nurse|cardiologist|doctor|pharmacist|dietitian|care team|care coordinator)\b.*`,
    ),
    build: (_m, w) => step('heartcoach.consult', { question: w }),
  },
  {
    id: 'consult.heartcoach.checkin',
    toolId: 'heartcoach.consult',
    pattern: re(
      String.raw`(?:(?:good )?morning[,.!]?\s+)?(?:(?:here(?:'s| is)|doing) my\s+)?(?:morning |daily )?check-?in\b.*`,
    ),
    build: (_m, w) => step('heartcoach.consult', { question: w, kind: 'check-in' }),
  },
  // reads
  {
    id: 'read.contacts',
    toolId: 'person.contact.list',
    pattern: re(String.raw`(?:who are|list|show(?: me)?) my contacts|how many contacts do i have`),
    build: () => step('person.contact.list'),
  },
  {
    id: 'read.members',
    toolId: 'organization.members.list',
    pattern: re(
      String.raw`(?:who(?:'s| is| are)(?: all)? in|who are the members of|(?:list|show)(?: me)?(?: the)? members of|members of)\s+(.+?)(?:\s+(?:right now|now|today|currently))?`,
    ),
    build: (m) => step('organization.members.list', { organization: m[1]! }),
  },
  {
    id: 'read.affiliations',
    toolId: 'organization.affiliations.list',
    pattern: re(String.raw`(?:which|what) organi[sz]ations? (?:am i (?:in|a member of|part of)|do i belong to)`),
    build: () => step('organization.affiliations.list'),
  },
  {
    id: 'read.records',
    toolId: 'records.list',
    pattern: re(String.raw`(?:show|list)(?: me)? my ([a-z][\w-]{0,31}) records`),
    build: (m) => step('records.list', { type: m[1]!.toLowerCase() }),
  },
  {
    id: 'read.receipts',
    toolId: 'receipts.list',
    pattern: re(String.raw`(?:show|list)(?: me)?(?: my)? (?:recent )?receipts`),
    build: () => step('receipts.list'),
  },
  {
    id: 'read.balance',
    toolId: 'balance.read',
    pattern: re(String.raw`(?:what(?:'s| is) my (?:usdc )?balance|how much usdc do i have)`),
    build: () => step('balance.read'),
  },
  // acts (the object word settles "add": contacts before organizations)
  {
    id: 'act.contact',
    toolId: 'person.contact.invite',
    pattern: re(String.raw`(?:add|invite|save)\s+(.+?)\s+(?:to|as|in|into)\s+(?:(?:my|a)\s+)?contacts?`),
    build: (m) => personArgs('person.contact.invite', m[1]!, {}),
  },
  {
    id: 'act.treasury',
    toolId: 'organization.treasury.transfer',
    pattern: re(String.raw`(?:transfer|send|pay)\s+${AMOUNT}\s+from\s+(?:the\s+)?(.+?)(?:'s)?\s+treasury\s+to\s+(.+?)`),
    build: (m) => step('organization.treasury.transfer', { amount: m[1]!, organization: m[2]!, recipient: m[3]! }),
  },
  {
    id: 'act.membership',
    toolId: 'organization.membership.invite',
    pattern: re(
      String.raw`(?:invite|add|get|enrol|enroll)\s+(.+?)\s+(?:added\s+|invited\s+)?(?:to|into|in)\s+(?!my contacts?\b)(?:the\s+)?(.+?)(?:\s+as an? member)?`,
    ),
    build: (m) => personArgs('organization.membership.invite', m[1]!, { organization: m[2]! }),
  },
  // payments: an amount said, or none ("pay X back": the shape matches without one and admission asks)
  {
    id: 'pay.amount',
    toolId: 'payment.usdc.send',
    pattern: re(String.raw`(?:send|pay|give)\s+${AMOUNT}\s+to\s+(.+?)(?:\s+(?:toward|towards|for)\s+(.+?))?`),
    build: (m) =>
      step('payment.usdc.send', { amount: m[1]!, recipient: m[2]!, ...(m[3] !== undefined ? { memo: m[3] } : {}) }),
  },
  {
    id: 'pay.recipient-first',
    toolId: 'payment.usdc.send',
    pattern: re(String.raw`pay\s+(\S+(?:\s\S+)?)\s+${AMOUNT}(?:\s+(?:toward|towards|for)\s+(.+?))?`),
    build: (m) =>
      step('payment.usdc.send', { recipient: m[1]!, amount: m[2]!, ...(m[3] !== undefined ? { memo: m[3] } : {}) }),
  },
  {
    id: 'pay.back',
    toolId: 'payment.usdc.send',
    pattern: re(String.raw`pay\s+(.+?)\s+back(?:\s+for\s+(.+?))?`),
    build: (m) => step('payment.usdc.send', { recipient: m[1]!, ...(m[2] !== undefined ? { memo: m[2] } : {}) }),
  },
  // routines (own agent only)
  {
    id: 'routine.remember',
    toolId: 'memory.remember',
    ownAgentOnly: true,
    pattern: re(String.raw`remember(?: that)?\s+(.+?)`),
    build: (m) => step('memory.remember', { note: m[1]! }),
  },
];

export function matchCompiledShape(input: { words: string; tools: ToolIndex; ownAgent: boolean }): CompiledHit | null {
  const words = normalizeWords(input.words);
  for (const shape of SHAPES) {
    if (!input.tools.has(shape.toolId)) continue;
    if (shape.ownAgentOnly === true && !input.ownAgent) continue;
    const m = words.match(shape.pattern);
    if (m === null) continue;
    return { shape: shape.id, plan: { steps: [shape.build(m, words)] } };
  }
  return null;
}

/** The shapes' ids, for the evaluation program's coverage figures. */
export const COMPILED_SHAPE_IDS = SHAPES.map((s) => s.id);
