import type { Plan, PlanStep } from '../plan/plan-schema';
import type { Party } from '../kernel/ports';
import type { ToolIndex } from '../tools/tools';
import { frameOf } from './frames';
import { argsOf, type ArgSource } from './intent-args';
import { UNDERSTANDING, type FrameAct, type Lexicon } from './lexicon';
import { findNames, nameIndex, type NameSpan } from './names';
import { bindNumbers, type BoundNumber } from './numbers';
import { findPhrase, parse } from './parse';
import { segmentsOf } from './segments';
import { isFrameVerb, requestCueAt, speechActOf } from './speech';
import { mendVerbSlip } from './typos';
import { symptomOf, type SymptomReading } from './symptoms';

/**
 * The grounding stage (seed 001 step 3; DESIGN §11): the sentence read against the person's own vault. The names
 * the vault knows are found as spans; numbers are bound to their role; the speech act is read; the sentence is cut
 * into its intents, each said by one frame of the ontology with its arguments from the words. What is left over is
 * the words of the ask. A pure function of the words, the vault's names and the offered tools: evidence for the
 * judge, and the plan itself on the rule-based path. Page material is never read here.
 */
export type Intent = {
  readonly frame: string;
  readonly capability: string;
  /** Tokens [from, to) of the sentence this intent is said in. */
  readonly from: number;
  readonly to: number;
  readonly step: PlanStep;
  readonly sources: readonly ArgSource[];
  readonly unknown: readonly { arg: string; said: string }[];
};
export type Grounding = {
  readonly words: string;
  readonly act: FrameAct;
  /** The verb the ask opens with: one a frame knows, another verb ("delete …"), or none. */
  readonly leadVerb: 'frame' | 'other' | null;
  /** The verb it opens with may lead a read ("show", "list"): what reads may still answer it. */
  readonly leadReads: boolean;
  readonly names: readonly NameSpan[];
  readonly numbers: readonly BoundNumber[];
  readonly symptom: SymptomReading | null;
  readonly intents: readonly Intent[];
  /** Segments no frame says ("… and tell me a joke"). */
  readonly unsaid: readonly string[];
  /** The words of the ask once the names and numbers are set aside. */
  readonly rest: string;
  /**
   * Organizations named with one of a frame's object words beside them ("Missio Nexus's treasury", "the treasury of
   * Missio Nexus"): what of the organization's the words speak of, as the vault names it.
   */
  readonly organizationObjects: readonly { organization: string; object: string }[];
};

export type GroundInput = {
  words: string;
  /** Every party the asker's vault knows by name: contacts, organizations, members (the vault port). */
  parties: readonly Party[];
  tools: ToolIndex;
  lexicon?: Lexicon;
};

const SMALL_TALK: ReadonlySet<FrameAct> = new Set(['greeting', 'thanks', 'help', 'farewell']);

export function groundAsk(input: GroundInput): Grounding {
  const lexicon = input.lexicon ?? UNDERSTANDING;
  const typed = parse(input.words);
  const names = findNames(typed, nameIndex(input.parties, lexicon), lexicon);
  const nameTokens = new Set(names.flatMap((n) => [...Array(n.to - n.from).keys()].map((k) => n.from + k)));
  const numbers = bindNumbers(typed, lexicon, nameTokens);
  const typedSpeech = speechActOf(typed, lexicon);
  // A slip of the keys where the verb stands ("shwo me my contacts") is read as the verb it slipped from.
  const parsed = mendVerbSlip(typed, typedSpeech.from, lexicon, (i) => nameTokens.has(i));
  const speech = parsed === typed ? typedSpeech : speechActOf(parsed, lexicon);
  const lead = parsed.tokens[speech.from];
  const leadVerb =
    lead === undefined || nameTokens.has(lead.i)
      ? null
      : isFrameVerb(lead, lexicon)
        ? ('frame' as const)
        : (lead.tags.has('Imperative') || (lead.tags.has('Infinitive') && !lead.tags.has('Noun'))) &&
            !lexicon.frames.some((f) => f.readVerbs.includes(lead.norm) || f.readVerbs.includes(lead.root))
          ? ('other' as const)
          : null;
  const leadReads =
    lead !== undefined &&
    !nameTokens.has(lead.i) &&
    lexicon.frames.some((f) => f.readVerbs.includes(lead.norm) || f.readVerbs.includes(lead.root));
  const symptom = symptomOf(input.words, lexicon);
  const rest = parsed.tokens
    .filter((t) => !nameTokens.has(t.i) && !numbers.some((n) => t.i >= n.from && t.i < n.to))
    .map((t) => t.text)
    .join(' ');
  const organizationObjects = objectsBeside(parsed, names, nameTokens, lexicon);
  const base = {
    words: input.words,
    act: speech.act,
    leadVerb,
    leadReads,
    names,
    numbers,
    symptom,
    rest,
    organizationObjects,
  };
  if (SMALL_TALK.has(speech.act)) return { ...base, intents: [], unsaid: [] };
  // "What does this page say about my contacts?" asks about the material: the judge's and the planner's.
  if (lexicon.material.some((m) => findPhrase(parsed.tokens, m).length > 0))
    return { ...base, intents: [], unsaid: [input.words] };
  const intents: Intent[] = [];
  const unsaid: { text: string; spans: readonly NameSpan[]; before: number }[] = [];
  const told: string[] = [];
  let previousPerson: string | null = null;
  // The organization a clause before named, as context ("Missio Nexus needs David too, …") or as an intent's own.
  let previousOrganization: NameSpan | null = null;
  for (const segment of segmentsOf(parsed, speech.from, names, numbers, lexicon)) {
    const later = intents.length > 0 || segment.from > speech.from;
    // A later clause that asks for an act is a request, whatever the sentence ends with ("…, can you invite him?").
    const act = !later
      ? speech.act
      : requestCueAt(parsed.tokens, segment.from, lexicon) > 0
        ? 'request'
        : nextAct(speech.act);
    const spans = names.filter((n) => n.from >= segment.from && n.to <= segment.to);
    const ownOrganization = spans.some((n) => n.parties.some((p) => p.kind === 'organization'));
    const carriedOrganization = !ownOrganization && previousOrganization !== null;
    const hit = frameOf({ parsed, segment, act, names, tools: input.tools, lexicon, carriedOrganization });
    const text = parsed.tokens
      .slice(segment.from, segment.to)
      .map((t) => t.text)
      .join(' ');
    if (hit === null) {
      if (text.length > 0)
        if (toldOf(parsed, segment, nameTokens)) told.push(text);
        else unsaid.push({ text, spans, before: intents.length });
      previousOrganization =
        spans.filter((n) => n.parties.some((p) => p.kind === 'organization')).pop() ?? previousOrganization;
      continue;
    }
    const tool = input.tools.get(hit.frame.capability)!;
    // "him" in a later intent is the last person named before it ("carol paid for us, send her 12 usdc").
    const before = names.filter((n) => n.to <= segment.from && n.parties.some((p) => p.kind === 'person')).pop();
    if (before !== undefined && previousPerson === null) previousPerson = before.name;
    const a = argsOf({
      parsed,
      segment,
      hit,
      tool,
      names,
      numbers,
      symptom,
      previousPerson,
      previousOrganization: carriedOrganization ? previousOrganization : null,
      lexicon,
    });
    const step: PlanStep =
      a.forEach === null
        ? { toolId: tool.id, args: a.args }
        : { toolId: tool.id, args: { ...a.args, [a.forEach.arg]: { $item: true } }, forEach: a.forEach.values };
    const person = a.args.person ?? a.args.recipient;
    if (typeof person === 'string') previousPerson = person;
    const organization = a.sources.find((x) => x.arg === 'organization' && x.from === 'vault');
    if (organization !== undefined)
      previousOrganization = names.find((n) => n.said === organization.said) ?? previousOrganization;
    intents.push({
      frame: hit.frame.id,
      capability: tool.id,
      from: segment.from,
      to: segment.to,
      step,
      sources: a.sources,
      unknown: a.unknown,
    });
  }
  // What happened, told before an ask ("carol paid for 10 of us, send her 12 usdc"), is its context, not a part no
  // frame says; so is a clause before an ask that only names whom a later intent takes up ("Missio Nexus needs
  // David too, can you invite him?"). Told alone, it is the judge's and the planner's.
  const takenUp = (u: (typeof unsaid)[number]) =>
    u.before < intents.length &&
    u.spans.length > 0 &&
    u.spans.every((n) =>
      intents
        .slice(u.before)
        .some((i) =>
          Object.values(i.step.args).some((v) => typeof v === 'string' && v.toLowerCase() === n.name.toLowerCase()),
        ),
    );
  const context = unsaid.filter(takenUp).map((u) => u.text);
  const left = unsaid.filter((u) => !takenUp(u)).map((u) => u.text);
  const asked = intents.filter((i, k) => k === 0 || !restates(intents[k - 1]!, i));
  return { ...base, intents: asked, unsaid: asked.length > 0 ? left : [...told, ...context, ...left] };
}

/** Within two words of an organization's name, on either side (names aside): a frame's object word said of it. */
function objectsBeside(
  parsed: ReturnType<typeof parse>,
  names: readonly NameSpan[],
  inName: ReadonlySet<number>,
  lexicon: Lexicon,
): { organization: string; object: string }[] {
  const objects = new Set(lexicon.frames.filter((f) => f.needs.includes('organization')).flatMap((f) => f.objects));
  return names.flatMap((n) => {
    const organization = n.parties.find((p) => p.kind === 'organization');
    if (organization === undefined) return [];
    const beside = [n.from - 2, n.from - 1, n.to, n.to + 1]
      .map((i) => parsed.tokens[i])
      .filter((t) => t !== undefined && !inName.has(t.i));
    return beside
      .filter((t) => objects.has(t!.norm) || objects.has(t!.root))
      .map((t) => ({ organization: organization.label, object: objects.has(t!.norm) ? t!.norm : t!.root }));
  });
}

/**
 * A later intent that asks again for the act the one before it said, adding nothing ("I owe david 7 usdc, can you
 * pay him"): the same capability, and every argument it has is the earlier one's. One act, not two.
 */
const restates = (earlier: Intent, later: Intent) =>
  earlier.capability === later.capability &&
  later.step.forEach === undefined &&
  earlier.step.forEach === undefined &&
  Object.entries(later.step.args).every(([k, v]) => earlier.step.args[k] === v);

/** A segment that tells what happened: a verb in the past tense, none asking for an act. */
const toldOf = (parsed: ReturnType<typeof parse>, segment: { from: number; to: number }, inName: ReadonlySet<number>) =>
  parsed.tokens
    .slice(segment.from, segment.to)
    .some((t) => !inName.has(t.i) && t.tags.has('Verb') && t.tags.has('PastTense')) &&
  !parsed.tokens.slice(segment.from, segment.to).some((t) => !inName.has(t.i) && t.tags.has('Imperative'));

/** A later intent of the same sentence is said the way the first was, a question aside ("… and what's my balance"). */
const nextAct = (act: FrameAct): FrameAct => (act === 'keep' ? 'request' : act);

/** The plan the grounding says, when every intent it found is said by a frame; null when it found none. */
export function groundedPlan(g: Grounding): Plan | null {
  if (g.intents.length === 0) return null;
  return { steps: g.intents.map((i) => i.step) };
}
