import { isAddress } from 'viem';
import type { Violation } from '../../protocol/harness-reply';
import type { ArgKind } from '../kernel/ontology-view';
import { canonicalNumber, mentions, mentionsStem, numbersIn } from '../ground/words';
import { isItem, isRef, stepIdOf, type ArgValue, type PlanStep } from '../plan/plan-schema';
import type { Tool } from '../tools/tools';
import { WORDS_RULES } from './rules-words';
import { eachArg, v, type AdmissionInput, type Rule } from './rule-kit';

export type { AdmissionInput } from './rule-kit';

/**
 * Admission's rules (seed 001 step 6): deterministic, over declarations only — "never a second model, never a
 * regex over English that guesses intent". Each rule returns every violation it finds, with its recovery.
 *
 * THE INVARIANT THESE RULES KEEP — page content is material, never instruction: a tool, an amount, a count, a dose,
 * a recipient or an organization reaches a step only when the person's own words carry it (or the person chose it,
 * or the vault designates it: the addressee, the asker, the default payer). `words` is the person's message and
 * their own answers to prompts; quoted material, records, memories and outside agents' answers are never in it.
 */
const NUMERIC: ReadonlySet<ArgKind> = new Set(['amount', 'count', 'dose']);
const PARTY: ReadonlySet<ArgKind> = new Set(['recipient', 'person', 'organization']);
const META = new Set(['ask.clarify', 'ask.unsupported']);

export const maxSteps: Rule = ({ plan }) =>
  plan.steps.length > 4
    ? [v('maxSteps', null, `A plan may have at most four steps; this one has ${plan.steps.length}.`, 'replan')]
    : [];

export const nonEmpty: Rule = ({ plan }) =>
  plan.steps.length === 0
    ? [v('questionRule', null, 'The plan does nothing: a question must be answered by reads and answers.', 'replan')]
    : [];

export const knownTools: Rule = ({ plan, tools }) =>
  plan.steps.flatMap((s, i) =>
    tools.has(s.toolId) ? [] : [v('knownTools', i, `${s.toolId} is not a tool this agent offers.`, 'replan')],
  );

/** Args match the tool's declared schema: known names, literal kinds, declared values; a missing required arg is asked for. */
export const argsMatchSchema: Rule = ({ plan, tools }) =>
  plan.steps.flatMap((step, i) => {
    const tool = tools.get(step.toolId);
    if (tool === undefined) return [];
    const declared = new Map(tool.capability.args.map((a) => [a.name, a]));
    const out: Violation[] = [];
    for (const name of Object.keys(step.args)) {
      if (!declared.has(name))
        out.push(v('argsMatchSchema', i, `${step.toolId} has no argument "${name}".`, 'replan', name));
    }
    for (const spec of tool.capability.args) {
      const value = step.args[spec.name];
      if (value === undefined || value === null || value === '') {
        if (spec.required && !(spec.kind === 'choice' && META.has(step.toolId))) {
          out.push(
            v('argsMatchSchema', i, `${spec.description || spec.name} is needed and was not said.`, 'ask', spec.name),
          );
        }
        continue;
      }
      if (Array.isArray(value) && !(spec.kind === 'choice'))
        out.push(v('argsMatchSchema', i, `${spec.name} must be one value, not a list.`, 'replan', spec.name));
      if (spec.values !== undefined && typeof value === 'string' && !spec.values.includes(value)) {
        out.push(
          v('argsMatchSchema', i, `${spec.name} must be one of ${spec.values.join(', ')}.`, 'replan', spec.name),
        );
      }
    }
    return out;
  });

/** numbersFromTheWords: an amount, count or dose the person never said is dropped and asked for. */
export const numbersFromTheWords: Rule = (input) => {
  const said = numbersIn(input.words);
  return eachArg(input, (_step, i, spec, value) => {
    if (!NUMERIC.has(spec.kind) || value === null) return [];
    const n = isRef(value) || isItem(value) || Array.isArray(value) ? null : canonicalNumber(value);
    const allowed = spec.kind === 'amount' ? (input.amountsSaid ?? said) : said;
    if (n !== null && allowed.has(n)) return [];
    return [
      v(
        'numbersFromTheWords',
        i,
        `The ${spec.name} ${n ?? '(taken from elsewhere)'} is not a number you said.`,
        'ask',
        spec.name,
      ),
    ];
  });
};

/** A party value is admissible when the words carry it, or the vault designates it for this run. */
function partyFromWords(value: ArgValue, input: AdmissionInput, kind: ArgKind): boolean {
  if (typeof value !== 'string') return false;
  if (isAddress(value, { strict: false })) {
    const lower = value.toLowerCase();
    return (
      input.words.toLowerCase().includes(lower) || input.designated.addresses.some((a) => a.toLowerCase() === lower)
    );
  }
  if (mentions(input.words, value)) return true;
  return kind === 'organization' && input.designated.names.some((n) => n.toLowerCase() === value.toLowerCase());
}

/** Whether a reference points at an earlier step that reads the person's own vault (not a model, not an outside agent). */
function refersToVaultRead(ref: string, input: AdmissionInput): boolean {
  const id = ref.split('.')[0];
  const index = input.plan.steps.findIndex((s, i) => stepIdOf(s, i) === id);
  const tool = index < 0 ? undefined : input.tools.get(input.plan.steps[index]!.toolId);
  return tool !== undefined && tool.capability.kind === 'read' && tool.capability.executor === 'local';
}

/**
 * partiesFromTheWords: recipients, people and organizations come from the words, a confirmed choice (applied later,
 * at resolve) or the vault — never from the model alone. A person or organization may come from an earlier read
 * of the vault ($ref / $item over it) — never from a skill's or an outside agent's words; a recipient of money
 * only from the person's words.
 */
export const partiesFromTheWords: Rule = (input) =>
  input.plan.steps.flatMap((step, i) => {
    const tool = input.tools.get(step.toolId);
    if (tool === undefined) return [];
    return tool.capability.args.flatMap((spec) => {
      if (!PARTY.has(spec.kind) || !(spec.name in step.args)) return [];
      const value = step.args[spec.name]!;
      if (value === null || value === '') return [];
      if (isItem(value)) {
        const list = step.forEach;
        if (list === undefined)
          return [
            v(
              'partiesFromTheWords',
              i,
              `${spec.name} refers to an item but the step fans out over nothing.`,
              'replan',
              spec.name,
            ),
          ];
        if (Array.isArray(list)) {
          const bad = list.filter((item) => !partyFromWords(item, input, spec.kind));
          return bad.length === 0
            ? []
            : [
                v(
                  'partiesFromTheWords',
                  i,
                  `${bad.join(', ')} ${bad.length === 1 ? 'is' : 'are'} not in your words.`,
                  'ask',
                  spec.name,
                ),
              ];
        }
        if (spec.kind === 'recipient')
          return [
            v(
              'partiesFromTheWords',
              i,
              `A recipient of money must be someone you named, not a list read from elsewhere.`,
              'ask',
              spec.name,
            ),
          ];
        return refersToVaultRead(list.$ref, input)
          ? []
          : [
              v(
                'partiesFromTheWords',
                i,
                `${spec.name} would come from another step's words, not from you or your vault.`,
                'ask',
                spec.name,
              ),
            ];
      }
      if (isRef(value)) {
        if (spec.kind === 'recipient')
          return [v('partiesFromTheWords', i, `A recipient of money must be someone you named.`, 'ask', spec.name)];
        return refersToVaultRead(value.$ref, input)
          ? []
          : [
              v(
                'partiesFromTheWords',
                i,
                `${spec.name} would come from another step's words, not from you or your vault.`,
                'ask',
                spec.name,
              ),
            ];
      }
      if (partyFromWords(value, input, spec.kind)) return [];
      return [
        v('partiesFromTheWords', i, `"${String(value).slice(0, 80)}" is not someone you named.`, 'ask', spec.name),
      ];
    });
  });

/**
 * actsFromTheWords: an act is planned only when the person's words name it — a compiled shape matched it, or one of
 * its declared terms that no other offered act shares is in the words, or a shared term is and every organization
 * it names is in the words too (the object word settles "add": contact or membership), or the grounding stage's
 * frames read it in the words (`framesSaid`: the verb and its object, slips of the keys mended, the organization
 * found in the vault) — how an organization's agent, which runs no compiled shape on a routed step, reads "can you
 * add david to missio nexus please" or "invte david to missio nexus". Fails closed on an act that declares no terms.
 */
export const actsFromTheWords: Rule = (input) => {
  if (input.origin === 'compiled') return [];
  const acts = [...input.tools.values()].filter((t) => !t.capability.informational);
  return input.plan.steps.flatMap((step, i) => {
    const tool = input.tools.get(step.toolId);
    if (tool === undefined || tool.capability.informational) return [];
    if (namedByWords(tool, acts, step, input)) return [];
    return [v('actsFromTheWords', i, `Your words do not ask for ${tool.capability.label || tool.id}.`, 'replan')];
  });
};

function namedByWords(tool: Tool, acts: Tool[], step: PlanStep, input: AdmissionInput): boolean {
  const terms = tool.capability.terms;
  const shared = new Set(
    acts.filter((t) => t.id !== tool.id).flatMap((t) => t.capability.terms.map((x) => x.toLowerCase())),
  );
  if (input.framesSaid?.has(tool.id) === true) return true;
  if (terms.some((t) => !shared.has(t.toLowerCase()) && mentionsStem(input.words, t))) return true;
  if (!terms.some((t) => mentionsStem(input.words, t))) return false;
  const orgs = tool.capability.args.filter((a) => a.kind === 'organization').map((a) => step.args[a.name]);
  return orgs.length > 0 && orgs.every((o) => o !== undefined && partyFromWords(o, input, 'organization'));
}

/** References point only backwards, items only inside a fan-out, executors only to the playbook's specialists. */
export const referencesHold: Rule = ({ plan, specialists }) =>
  plan.steps.flatMap((step, i) => {
    const earlier = new Set(plan.steps.slice(0, i).map(stepIdOf));
    const out: Violation[] = [];
    const check = (value: ArgValue, arg?: string) => {
      if (isRef(value) && !earlier.has(value.$ref.split('.')[0]!))
        out.push(v('referencesHold', i, `${value.$ref} is not an earlier step.`, 'replan', arg));
      if (isItem(value) && step.forEach === undefined)
        out.push(v('referencesHold', i, 'An item is used outside a fan-out.', 'replan', arg));
      if (Array.isArray(value)) value.forEach((x) => check(x, arg));
    };
    for (const [name, value] of Object.entries(step.args)) check(value, name);
    if (step.forEach !== undefined && !Array.isArray(step.forEach)) check(step.forEach);
    if (step.when !== undefined) check({ $ref: step.when.$ref });
    if (step.executor !== undefined && !specialists.includes(step.executor))
      out.push(v('executorDeclared', i, `${step.executor} is not a specialist of this playbook.`, 'replan'));
    return out;
  });

/** ask.unsupported and ask.clarify stand alone; clarify offers 2–12 offered tools. */
export const metaStandsAlone: Rule = ({ plan, tools }) =>
  plan.steps.flatMap((step, i) => {
    if (!META.has(step.toolId)) return [];
    if (plan.steps.length > 1) return [v('metaStandsAlone', i, `${step.toolId} must be the only step.`, 'replan')];
    if (step.toolId !== 'ask.clarify') return [];
    const options = step.args.options;
    const ok =
      Array.isArray(options) &&
      options.length >= 2 &&
      options.length <= 12 &&
      options.every((o) => typeof o === 'string' && tools.has(o));
    return ok ? [] : [v('metaStandsAlone', i, 'ask.clarify must offer two to twelve of the offered tools.', 'replan')];
  });

/** A screen may supply the plan only for reads it draws itself. */
export const suppliedPlansRead: Rule = ({ plan, tools, origin }) =>
  origin !== 'supplied'
    ? []
    : plan.steps.flatMap((s, i) =>
        tools.get(s.toolId)?.capability.informational === true
          ? []
          : [v('suppliedPlansRead', i, 'A supplied plan may only read.', 'refuse')],
      );

/** Every rule, in the order the harness lists them; all run, and all violations are reported at once. */
export const ADMISSION_RULES: readonly Rule[] = [
  knownTools,
  maxSteps,
  nonEmpty,
  argsMatchSchema,
  numbersFromTheWords,
  partiesFromTheWords,
  actsFromTheWords,
  referencesHold,
  metaStandsAlone,
  suppliedPlansRead,
  ...WORDS_RULES,
];
