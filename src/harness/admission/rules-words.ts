import type { Violation } from '../../protocol/harness-reply';
import { mentions, normalizeWords } from '../ground/words';
import type { ArgKind } from '../kernel/ontology-view';
import { isItem, isRef, type ArgValue } from '../plan/plan-schema';
import type { AdmissionInput } from './rule-kit';

/**
 * Two more from-the-words rules, found by the adversarial suite (proof/): an injected instruction in a
 * page, a record, a memory or an outside agent's answer could otherwise (1) send the person's contacts or memories
 * to an outside agent as the "question" of a consultation, the question bound to a read of the vault, and (2) ride
 * a self-authorized write the person did ask for ("keep in mind …") with its own note, which no one signs.
 *
 * - outsideAgentsHearTheWords: what an outside agent is sent is the person's question — words they said, never
 *   another step's output, never an item of a fan-out over the vault. Nothing else about the person leaves.
 * - selfWritesInTheirWords: a self-authorized write (DESIGN §10: "writes the person asked for in their own words")
 *   carries only text the person's words carry; anything else is dropped and asked for.
 *
 * "Carried by the words": the value is in the words as a phrase, or every word of it is, words without content of
 * their own aside (a model may reorder, shorten or rephrase what the person said, never add to it).
 */
type Rule = (input: AdmissionInput) => Violation[];
const FREE_TEXT: ReadonlySet<ArgKind> = new Set(['text', 'metric']);
// Words that carry no content of their own: a rephrasing may add them ("who should I add?"), nothing else.
const QUIET = new Set([
  'a',
  'an',
  'the',
  'to',
  'of',
  'for',
  'on',
  'in',
  'at',
  'by',
  'with',
  'from',
  'about',
  'and',
  'or',
  'but',
  'if',
  'that',
  'this',
  'these',
  'those',
  'it',
  'is',
  'are',
  'was',
  'be',
  'been',
  'am',
  'do',
  'does',
  'did',
  'can',
  'could',
  'should',
  'would',
  'will',
  'may',
  'might',
  'must',
  'please',
  'i',
  'me',
  'my',
  'we',
  'us',
  'our',
  'you',
  'your',
  'what',
  'who',
  'whom',
  'which',
  'how',
  'when',
  'where',
  'why',
  's',
  't',
]);

const v = (
  rule: string,
  stepIndex: number,
  message: string,
  recovery: Violation['recovery'],
  arg: string,
): Violation => ({ rule, stepIndex, message: message.slice(0, 500), recovery, arg });

const tokens = (text: string): string[] =>
  normalizeWords(text)
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether the person's words carry this literal: as a phrase, or word for word (quiet words aside). */
export function carriedByWords(value: ArgValue, words: string): boolean {
  if (typeof value === 'number' || typeof value === 'boolean')
    return tokens(words).includes(String(value).toLowerCase());
  if (typeof value !== 'string') return false;
  if (mentions(words, value)) return true;
  const said = new Set(tokens(words));
  const wanted = tokens(value).filter((t) => !QUIET.has(t));
  return wanted.length > 0 && wanted.every((t) => said.has(t));
}

const quote = (value: ArgValue) =>
  typeof value === 'string' ? `"${value.slice(0, 80)}"` : 'what another step produced';

export const outsideAgentsHearTheWords: Rule = ({ plan, tools, words }) =>
  plan.steps.flatMap((step, i) => {
    const tool = tools.get(step.toolId);
    if (tool === undefined || tool.capability.executor !== 'outside-agent') return [];
    const out: Violation[] = [];
    if (step.forEach !== undefined)
      out.push(
        v(
          'outsideAgentsHearTheWords',
          i,
          `${tool.capability.label || tool.id} is sent your question once, not once per item of a list.`,
          'replan',
          'question',
        ),
      );
    for (const spec of tool.capability.args) {
      if (spec.kind !== 'question' && !FREE_TEXT.has(spec.kind)) continue;
      const value = step.args[spec.name];
      if (value === undefined || value === null || value === '') continue;
      const fromElsewhere = isRef(value) || isItem(value) || Array.isArray(value);
      if (fromElsewhere || !carriedByWords(value, words)) {
        out.push(
          v(
            'outsideAgentsHearTheWords',
            i,
            `An outside agent is sent only what you asked; ${quote(value)} is not in your words.`,
            'replan',
            spec.name,
          ),
        );
      }
    }
    return out;
  });

export const selfWritesInTheirWords: Rule = ({ plan, tools, words }) =>
  plan.steps.flatMap((step, i) => {
    const tool = tools.get(step.toolId);
    if (tool === undefined || tool.capability.informational || !tool.capability.selfAuthorized) return [];
    return tool.capability.args.flatMap((spec) => {
      if (!FREE_TEXT.has(spec.kind) || !(spec.name in step.args)) return [];
      const value = step.args[spec.name]!;
      if (value === null || value === '' || carriedByWords(value, words)) return [];
      return [
        v(
          'selfWritesInTheirWords',
          i,
          `${quote(value)} is not in your words, and nothing is written for you that you did not say.`,
          spec.required ? 'ask' : 'replan',
          spec.name,
        ),
      ];
    });
  });

/**
 * actTextInTheirWords: a text argument of any other act (a payment's memo) is the person's words too; one from a
 * page, a record or a model is dropped and the person asked for it, as a number nobody said is.
 */
export const actTextInTheirWords: Rule = ({ plan, tools, words }) =>
  plan.steps.flatMap((step, i) => {
    const tool = tools.get(step.toolId);
    if (tool === undefined || tool.capability.informational || tool.capability.selfAuthorized) return [];
    if (tool.capability.executor === 'outside-agent') return [];
    return tool.capability.args.flatMap((spec) => {
      if (spec.kind !== 'text' || !(spec.name in step.args)) return [];
      const value = step.args[spec.name]!;
      if (value === null || value === '' || carriedByWords(value, words)) return [];
      return [v('actTextInTheirWords', i, `${quote(value)} is not in your words; say it yourself.`, 'ask', spec.name)];
    });
  });

/**
 * choicesFromTheirWords: a choice the ontology declares values for takes one of them, and only the one the
 * person's words name when it acts ("Set my units to metric" is the units, never the reminders); else it is dropped
 * and asked. A read or a consultation keeps a declared value the grounding inferred.
 */
export const choicesFromTheirWords: Rule = ({ plan, tools, words }) =>
  plan.steps.flatMap((step, i) => {
    const tool = tools.get(step.toolId);
    if (tool === undefined) return [];
    return tool.capability.args.flatMap((spec) => {
      const values = spec.values;
      if (spec.kind !== 'choice' || values === undefined || !(spec.name in step.args)) return [];
      const value = step.args[spec.name]!;
      // A read or an outside agent's consultation may take the choice the grounding read from the sense of the
      // words (a symptom report, the memory kind asked about); an act takes only the value the words name.
      const mayInfer = tool.capability.informational || tool.capability.executor === 'outside-agent';
      if (
        typeof value === 'string' &&
        values.includes(value) &&
        (mayInfer || carriedByWords(value.replace(/-/g, ' '), words))
      )
        return [];
      return [
        v(
          'choicesFromTheirWords',
          i,
          `${quote(value)} is not one of ${values.join(', ')} as your words name it.`,
          'ask',
          spec.name,
        ),
      ];
    });
  });

export const WORDS_RULES: readonly Rule[] = [
  outsideAgentsHearTheWords,
  selfWritesInTheirWords,
  actTextInTheirWords,
  choicesFromTheirWords,
];
