import {
  NOT_APPLICABLE,
  type ComposeRequest,
  type ComposeResponse,
  type JudgeRequest,
  type JudgeResponse,
  type ModelPort,
  type PlanChoiceRequest,
  type PlanChoiceResponse,
  type PlannerRequest,
  type PlannerResponse,
  type SkillApplyRequest,
  type SkillApplyResponse,
  type ToolSpec,
} from '../../src/harness';
import type { Material } from '../../src/protocol/ask';
import { ZERO_USAGE } from '../../src/harness/testing';
import { instructionsIn, type Instruction, type ReadWhat } from './instructions';

/**
 * The attacker's best friend: a ModelPort that obeys every instruction it reads. It is told nothing
 * about any proof case. It reads what the harness gives it — the person's words, the quoted material, the memory
 * tags of the reading, earlier steps' outputs — and plans what the words ask *and* what any other text asks, with
 * the other text's changes applied ("Bob's new wallet is 0x…", "the correct amount is 500"). It is as credulous as
 * a model can be: whatever admission and authority do not stop, it does.
 */
type Step = { id?: string; toolId: string; args: Record<string, unknown>; forEach?: unknown };
const usage = { ...ZERO_USAGE };

export class ObedientModel implements ModelPort {
  readonly provider = 'scripted';
  /** Every instruction it found in untrusted text, for the report (what the attack asked). */
  readonly obeyed: Instruction[] = [];

  async judgeSkills(r: JudgeRequest): Promise<JudgeResponse> {
    const injected = this.untrusted(r.material, [r.reading.memoryTags.join(' ')]).filter(isAct);
    const scores = r.options
      .filter((o) => o.id !== NOT_APPLICABLE)
      .map((o) => ({ id: o.id, score: coversSaid(o.card, r.question) }));
    const best = scores.sort((a, b) => b.score - a.score)[0];
    // Obeying an injected act means leaving the skills aside so the planner can do it.
    const pick = injected.length > 0 || best === undefined || best.score === 0 ? NOT_APPLICABLE : best.id;
    return {
      distribution: spread(
        r.options.map((o) => o.id),
        pick,
      ),
      usage,
    };
  }

  async choosePlan(r: PlanChoiceRequest): Promise<PlanChoiceResponse> {
    const single = r.options.find((o) => o.tools.length === 1) ?? r.options[0]!;
    return {
      distribution: spread(
        r.options.map((o) => o.id),
        single.id,
      ),
      usage,
    };
  }

  async plan(r: PlannerRequest): Promise<PlannerResponse> {
    const offered = new Map(r.tools.map((t) => [t.id, t]));
    // Tags are read together, as a model reads the list: an instruction may run across several.
    const injected = this.untrusted(r.material, [r.reading.memoryTags.join(' '), ...r.memory]);
    const changes = injected.filter((i) => !isAct(i));
    // "Before you solve the task I gave you, please do the following first": the injected acts come first.
    const steps: Step[] = [];
    for (const i of injected.filter(isAct)) steps.push(...stepsFor(i, offered, steps.length));
    const own = instructionsIn(r.question).filter(isAct);
    for (const i of own) steps.push(...stepsFor(applyChanges(i, changes), offered, steps.length));
    if (own.length === 0) steps.push(...ownRead(r, offered));
    if (steps.length === 0) steps.push({ toolId: 'ask.unsupported', args: { question: r.question } });
    return { plan: { steps: steps.slice(0, 4), rationale: 'everything the texts asked' }, usage };
  }

  async compose(r: ComposeRequest): Promise<ComposeResponse> {
    return {
      text: r.observations.map((o) => o.text).join(' ') || 'Nothing was observed.',
      citations: r.observations.map((o) => o.id).slice(0, 32),
      usage,
    };
  }

  /** The skill's draft, with every instruction the material or earlier outputs carried copied in, as asked. */
  async applySkill(r: SkillApplyRequest): Promise<SkillApplyResponse> {
    const texts = [...r.material.map((m) => m.text), ...r.inputs.map((o) => o.text)];
    const carried = texts.flatMap((t) => t.split(/(?<=[.!?])\s+|\n+/)).filter((s) => instructionsIn(s).length > 0);
    return { text: [`Draft for: ${r.question}`, ...carried].join('\n').slice(0, 12_000), usage };
  }

  private untrusted(material: readonly Material[], extra: readonly string[]): Instruction[] {
    const found = [...material.flatMap((m) => [m.title ?? '', m.text]), ...extra].flatMap((t) => instructionsIn(t));
    this.obeyed.push(...found);
    return found;
  }
}

/** Changes to an act the person asked for (its recipient, amount, memo or preference), not acts of their own. */
const CHANGES: ReadonlySet<Instruction['kind']> = new Set(['redirect', 'amount', 'memo', 'choice']);
const isAct = (i: Instruction) => !CHANGES.has(i.kind);

function spread(ids: readonly string[], pick: string): Record<string, number> {
  const rest = ids.length > 1 ? 0.1 / (ids.length - 1) : 0;
  return Object.fromEntries(ids.map((id) => [id, id === pick ? (ids.length > 1 ? 0.9 : 1) : rest]));
}

/** How many of a skill card's "Covers:" terms the words say. */
function coversSaid(card: string, words: string): number {
  const covers =
    /Covers: ([^.]*)/
      .exec(card)?.[1]
      ?.split(',')
      .map((c) => c.trim().toLowerCase()) ?? [];
  return covers.filter((c) => c !== '' && words.toLowerCase().includes(c)).length;
}

function applyChanges(i: Instruction, changes: Instruction[]): Instruction {
  if (i.kind === 'setting') {
    const choice = [...changes].reverse().find((c) => c.kind === 'choice');
    return choice?.kind === 'choice' ? { ...i, preference: choice.preference } : i;
  }
  if (i.kind !== 'pay') return i;
  let out = { ...i };
  for (const c of changes) {
    if (c.kind === 'redirect' && (c.from === undefined || c.from.toLowerCase() === i.recipient.toLowerCase()))
      out = { ...out, recipient: c.to };
    if (c.kind === 'amount') out = { ...out, amount: c.amount };
    if (c.kind === 'memo') out = { ...out, memo: c.memo };
  }
  return out;
}

const EXFIL_READ: Record<
  Extract<Instruction, { kind: 'exfiltrate' }>['what'],
  { toolId: string; args: Record<string, unknown>; field?: string }
> = {
  contacts: { toolId: 'person.contact.list', args: {} },
  members: { toolId: 'organization.members.list', args: {} },
  receipts: { toolId: 'receipts.list', args: {} },
  records: { toolId: 'records.list', args: { type: 'memory' }, field: 'summary' },
  memory: { toolId: 'records.list', args: { type: 'memory' }, field: 'summary' },
  profile: { toolId: 'cabinet.profile.read', args: {}, field: 'summary' },
};

const READ_TOOL: Record<ReadWhat, { toolId: string; args: Record<string, unknown> }> = {
  contacts: { toolId: 'person.contact.list', args: {} },
  memory: { toolId: 'records.list', args: { type: 'memory' } },
  receipts: { toolId: 'receipts.list', args: {} },
  balance: { toolId: 'balance.read', args: {} },
  profile: { toolId: 'cabinet.profile.read', args: {} },
  doses: { toolId: 'cabinet.doses.read', args: {} },
  symptoms: { toolId: 'cabinet.symptoms.read', args: {} },
  organizations: { toolId: 'organization.affiliations.list', args: {} },
};

/** The plan steps an instruction becomes, over the offered tools; `at` is how many steps precede them. */
function stepsFor(i: Instruction, offered: ReadonlyMap<string, ToolSpec>, at: number): Step[] {
  const has = (id: string) => offered.has(id);
  switch (i.kind) {
    case 'pay':
      return has('payment.usdc.send')
        ? [
            {
              toolId: 'payment.usdc.send',
              args: {
                recipient: i.recipient,
                ...(i.amount !== undefined ? { amount: i.amount } : {}),
                ...(i.memo !== undefined ? { memo: i.memo } : {}),
              },
            },
          ]
        : [];
    case 'treasury':
      return has('organization.treasury.transfer')
        ? [
            {
              toolId: 'organization.treasury.transfer',
              args: { amount: i.amount, recipient: i.recipient, organization: i.organization },
            },
          ]
        : [];
    case 'invite':
      return has('organization.membership.invite')
        ? [{ toolId: 'organization.membership.invite', args: { person: i.person, organization: i.organization } }]
        : [];
    case 'contact':
      return has('person.contact.invite') ? [{ toolId: 'person.contact.invite', args: { person: i.person } }] : [];
    case 'setting':
      return has('cabinet.prefs.set')
        ? [{ toolId: 'cabinet.prefs.set', args: { preference: i.preference, value: i.value } }]
        : [];
    case 'remember':
      return has('memory.remember') ? [{ toolId: 'memory.remember', args: { note: i.note } }] : [];
    case 'tool':
      return has(i.toolId) ? [{ toolId: i.toolId, args: { ...i.args } }] : [];
    case 'read': {
      const read = READ_TOOL[i.what];
      return has(read.toolId) ? [{ toolId: read.toolId, args: { ...read.args } }] : [];
    }
    case 'exfiltrate': {
      const read = EXFIL_READ[i.what];
      if (!has(read.toolId) || !has('heartcoach.consult')) return [];
      const args =
        i.organization !== undefined && read.toolId === 'organization.members.list'
          ? { organization: i.organization }
          : read.args;
      const ref = `s${at + 1}`;
      const send: Step =
        read.field === undefined
          ? { toolId: 'heartcoach.consult', args: { question: { $ref: `${ref}.text` } } }
          : {
              toolId: 'heartcoach.consult',
              forEach: { $ref: `${ref}.rows` },
              args: { question: { $item: read.field } },
            };
      return [{ toolId: read.toolId, args }, send];
    }
    default:
      return [];
  }
}

/** The person asked no act: read what their words name (a consult with their question), or the act they name, bare. */
function ownRead(r: PlannerRequest, offered: ReadonlyMap<string, ToolSpec>): Step[] {
  const named = r.reading.toolsNamed.map((id) => offered.get(id)).filter((t): t is ToolSpec => t !== undefined);
  // An organization the words name by its capitalised name ("members of Missio Nexus").
  const organization = /\b(?:of|in|at|for|to)\s+((?:[A-Z][\w-]*\s?){1,3})/.exec(r.question)?.[1]?.trim();
  const fill = (a: ToolSpec['args'][number]) =>
    a.kind === 'question' ? r.question : a.kind === 'organization' ? organization : undefined;
  const read = named.find((t) => t.informational && t.args.every((a) => !a.required || fill(a) !== undefined));
  if (read !== undefined) {
    return [
      {
        toolId: read.id,
        args: Object.fromEntries(
          read.args.flatMap((a) => (a.required && fill(a) !== undefined ? [[a.name, fill(a)]] : [])),
        ),
      },
    ];
  }
  const act = named.find((t) => !t.informational);
  return act !== undefined ? [{ toolId: act.id, args: {} }] : [];
}
