import type { CapabilityArg } from '../kernel/ontology-view';
import type { ArgLiteral } from '../plan/plan-schema';
import type { Tool } from '../tools/tools';
import type { FrameHit } from './frames';
import { cueWords, type Lexicon } from './lexicon';
import type { NameSpan } from './names';
import type { BoundNumber } from './numbers';
import { findPhrase, phraseLength, type Parsed } from './parse';
import type { Segment } from './segments';
import { nameListAt, nameWordsAt, unknownOrganization } from './slots';
import type { SymptomReading } from './symptoms';

/**
 * One intent's arguments, each from the person's words: a name the vault knows carries the key the vault knows it
 * by ("dave silva" for "Dr. Dave Silva"); a name it does not know carries the words the person used, to be asked
 * about; an amount is only a number bound to a currency (or, where the frame says so, a bare number next to the
 * payee). What is not grounded is left out, and admission asks for it.
 */
export type ArgSource = { readonly arg: string; readonly said: string; readonly from: 'vault' | 'words' };
export type IntentArgs = {
  args: Record<string, ArgLiteral>;
  forEach: { arg: string; values: string[] } | null;
  sources: ArgSource[];
  /** Names the vault does not know, by argument. */
  unknown: { arg: string; said: string }[];
};

type Input = {
  parsed: Parsed;
  segment: Segment;
  hit: FrameHit;
  tool: Tool;
  names: readonly NameSpan[];
  numbers: readonly BoundNumber[];
  symptom: SymptomReading | null;
  previousPerson: string | null;
  /** The organization an earlier clause named, for an intent that needs one and names none ("…, invite him"). */
  previousOrganization?: NameSpan | null;
  lexicon: Lexicon;
};

const PRONOUNS = new Set(['him', 'her', 'them', 'they', 'he', 'she']);

export function argsOf(input: Input): IntentArgs {
  const { parsed, segment, hit, tool, names, numbers, lexicon } = input;
  const { tokens } = parsed;
  const out: IntentArgs = { args: {}, forEach: null, sources: [], unknown: [] };
  const spans = names.filter((n) => n.from >= segment.from && n.to <= segment.to);
  const people = spans.filter((s) => s.parties.some((p) => p.kind === 'person'));
  const orgs = spans.filter((s) => s.parties.some((p) => p.kind === 'organization'));
  const put = (arg: string, value: ArgLiteral, said: string, from: ArgSource['from']) => {
    out.args[arg] = value;
    out.sources.push({ arg, said, from });
  };
  const after = (words: string[], slips = false, from = segment.from) => {
    for (const w of words) {
      const at = findPhrase(tokens, w, from, segment.to, slips)[0];
      if (at !== undefined) return at + phraseLength(w);
    }
    return null;
  };
  const treasuryOrg = () => {
    const t = findPhrase(tokens, 'treasury', segment.from, segment.to)[0];
    return t === undefined ? undefined : orgs.filter((o) => o.to <= t).pop();
  };
  // "from the Missio Nexus treasury": the organization is named between "from" and "treasury".
  const treasuryWords = () => {
    const t = findPhrase(tokens, 'treasury', segment.from, segment.to)[0];
    const f = findPhrase(tokens, 'from', segment.from, segment.to)[0];
    if (t === undefined || f === undefined || f > t) return null;
    const words = tokens.slice(f + 1, t).filter((w) => !['the', 'our', 'my'].includes(w.norm));
    if (words.length === 0 || words.length > 4) return null;
    return parsed.text.slice(words[0]!.start, words[words.length - 1]!.end).replace(/'s$/i, '');
  };
  const personArg = (spec: CapabilityArg, allowOrgs: boolean) => {
    const exclude = treasuryOrg();
    const candidates = (allowOrgs ? spans : people).filter((s) => s !== exclude);
    // "to" marks the payee ("send 5 to bob"), not the person added ("add jane to my contacts").
    const toAt = spec.kind === 'recipient' ? after(['to'], false, Math.max(segment.from, hit.verb ?? 0)) : null;
    // With "to", the payee is the one after it ("from the missio treasury to nathan").
    const chosen = toAt !== null ? candidates.filter((s) => s.from >= toAt) : candidates;
    const list = chosen.length > 0 ? chosen : candidates;
    if (list.length > 1 && spec.kind === 'person') {
      out.forEach = { arg: spec.name, values: list.map((s) => s.name) };
      for (const s of list) out.sources.push({ arg: spec.name, said: s.said, from: 'vault' });
      return;
    }
    if (list.length >= 1) return put(spec.name, list[0]!.name, list[0]!.said, 'vault');
    for (let i = segment.from; i < segment.to; i++)
      if (PRONOUNS.has(tokens[i]!.norm) && input.previousPerson !== null)
        return put(spec.name, input.previousPerson, tokens[i]!.text, 'words');
    // Never before the segment: a verb carried over from the intent before is not where this one's words start.
    const start = toAt ?? Math.max(segment.from, hit.verb !== null ? hit.verb + 1 : segment.from);
    const several = spec.kind === 'person' ? nameListAt(parsed, start, segment.to, lexicon) : null;
    if (several !== null) {
      out.forEach = { arg: spec.name, values: several };
      for (const said of several) {
        out.sources.push({ arg: spec.name, said, from: 'words' });
        out.unknown.push({ arg: spec.name, said });
      }
      return;
    }
    const words = nameWordsAt(parsed, start, segment.to, lexicon);
    if (words !== null) {
      put(spec.name, words, words, 'words');
      out.unknown.push({ arg: spec.name, said: words });
    }
  };
  for (const spec of tool.capability.args) {
    const fixed = hit.frame.fixedArgs[spec.name];
    if (fixed !== undefined) {
      put(spec.name, fixed, fixed, 'words');
      continue;
    }
    switch (spec.kind) {
      case 'person':
        personArg(spec, false);
        break;
      case 'recipient':
        personArg(spec, true);
        break;
      case 'organization': {
        const treasury = treasuryOrg();
        const org = treasury ?? orgs[orgs.length - 1];
        const fromTreasury = org === undefined ? treasuryWords() : null;
        if (org !== undefined) put(spec.name, org.name, org.said, 'vault');
        else if (fromTreasury !== null) {
          put(spec.name, fromTreasury, fromTreasury, 'words');
          out.unknown.push({ arg: spec.name, said: fromTreasury });
        } else if (spec.required) {
          const words = unknownOrganization(parsed, segment, names, lexicon);
          const carried = input.previousOrganization ?? null;
          if (words !== null) {
            put(spec.name, words, words, 'words');
            out.unknown.push({ arg: spec.name, said: words });
          } else if (carried !== null) put(spec.name, carried.name, carried.said, 'vault');
        }
        break;
      }
      case 'amount': {
        const inSegment = numbers.filter((n) => n.from >= segment.from && n.from < segment.to);
        const amounts = [...new Set(inSegment.filter((n) => n.role === 'amount').map((n) => n.value))];
        const bare = hit.frame.bareAmount
          ? [...new Set(inSegment.filter((n) => n.role === 'bare').map((n) => n.value))]
          : [];
        const value =
          amounts.length === 1 ? amounts[0] : amounts.length === 0 && bare.length === 1 ? bare[0] : undefined;
        if (value !== undefined) put(spec.name, value, value, 'words');
        break;
      }
      case 'question':
        put(spec.name, parsed.text.trim(), parsed.text.trim(), 'words');
        break;
      case 'choice': {
        if (spec.name === 'kind' && tool.id === 'heartcoach.consult') {
          // A symptom told to someone ("tell my nurse my swelling is better") is a message, not a report to triage.
          const telling = hit.verb !== null && ['tell', 'message', 'let'].includes(tokens[hit.verb]!.root);
          const kind =
            input.symptom !== null && !telling ? 'symptom' : /check[- ]?in/i.test(parsed.text) ? 'check-in' : null;
          if (kind !== null) put(spec.name, kind, kind, 'words');
          break;
        }
        const value = (spec.values ?? []).find(
          (v) =>
            findPhrase(tokens, v, segment.from, segment.to).length > 0 ||
            findPhrase(tokens, `${v}s`, segment.from, segment.to).length > 0,
        );
        if (value !== undefined) put(spec.name, value, value, 'words');
        break;
      }
      case 'text': {
        if (spec.name === 'query') {
          // "Is bob in my contacts?", "who is nathan?": the one person the vault knows by the name said.
          if (people.length === 1) put(spec.name, people[0]!.name, people[0]!.said, 'vault');
        } else if (spec.name === 'memo') {
          const at = after(['toward', 'towards', 'for']);
          if (at !== null) {
            // The memo ends where the act's own words start again: the verb, a name, an amount.
            let end = at;
            while (
              end < segment.to &&
              end !== hit.verb &&
              !spans.some((n) => n.from === end) &&
              !numbers.some((n) => n.from === end && n.role === 'amount')
            )
              end++;
            const text = textOf(parsed, at, end, lexicon);
            // "for it" says what the money is for no more than the sentence before did: no memo.
            if (
              text !== null &&
              !PRONOUNS.has(text.toLowerCase()) &&
              !['it', 'that', 'this'].includes(text.toLowerCase())
            )
              put(spec.name, text, text, 'words');
          }
        } else if (spec.name === 'note') {
          const at = after(
            cueWords(lexicon, 'keep').sort((a, b) => phraseLength(b) - phraseLength(a)),
            true,
          );
          let start = at ?? Math.max(segment.from, (hit.verb ?? segment.from - 1) + 1);
          if (tokens[start]?.norm === 'that') start++; // "don't forget that …": the note is what follows
          const text = textOf(parsed, start, segment.to, lexicon);
          if (text !== null) put(spec.name, text, text, 'words');
        }
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** The person's own words over tokens [from, to), trailing politeness and punctuation set aside. */
function textOf(parsed: Parsed, from: number, to: number, lexicon: Lexicon): string | null {
  const { tokens } = parsed;
  let b = to;
  const polite = new Set(lexicon.politeness.filter((p) => !p.includes(' ')));
  while (b > from && polite.has(tokens[b - 1]!.norm)) b--;
  if (b <= from) return null;
  return (
    parsed.text
      .slice(tokens[from]!.start, tokens[b - 1]!.end)
      .replace(/[\s.,!?;:]+$/, '')
      .trim() || null
  );
}
