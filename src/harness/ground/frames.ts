import type { ToolIndex } from '../tools/tools';
import type { Frame, FrameAct, Lexicon } from './lexicon';
import type { NameSpan } from './names';
import { findPhrase, phraseLength, saysAt, type Parsed, type Token } from './parse';
import type { Segment } from './segments';
import { unknownOrganization } from './slots';
import { isFrameVerb } from './speech';

/**
 * Which capability a segment says: the frames (understanding.ttl) whose verb or phrase is said, whose object word
 * (when they declare one) is said, whose needed arguments are grounded, and which answer this speech act; the
 * highest priority wins. A question never writes: a frame for a write is never chosen for a question.
 */
export type FrameHit = { readonly frame: Frame; readonly verb: number | null };

const ARTICLES = new Set(['a', 'an', 'the', 'some', 'my', 'our', 'this', 'that', 'his', 'her', 'their']);

const unknownVerbLeads = (t: Token | undefined, lexicon: Lexicon) =>
  t !== undefined &&
  (t.tags.has('Imperative') || t.tags.has('Infinitive')) &&
  !isFrameVerb(t, lexicon) &&
  !lexicon.frames.some((f) => f.readVerbs.includes(t.norm) || f.readVerbs.includes(t.root));

/** When the frame names its direct objects, a common noun right after the verb must be one of them. */
function directObjectFits(
  tokens: readonly Token[],
  at: number,
  to: number,
  inName: (i: number) => boolean,
  frame: Frame,
): boolean {
  if (frame.directObjects.length === 0) return true;
  let i = at;
  while (i < to && ARTICLES.has(tokens[i]!.norm) && !frame.directObjects.includes(tokens[i]!.norm)) i++;
  const t = tokens[i];
  if (t === undefined || i >= to || inName(i) || t.tags.has('Value') || /\d/.test(t.norm)) return true;
  // Only a thing sent somewhere is an object ("an email to bob"); a payee not in the vault is not ("pay priya 5").
  const thing = i > at || ['to', 'for'].includes(tokens[i + 1]?.norm ?? '');
  if (!thing) return true;
  if (frame.directObjects.includes(t.norm) || frame.directObjects.includes(t.root)) return true;
  return !(t.tags.has('Noun') && !t.tags.has('ProperNoun') && !t.tags.has('Pronoun') && !t.tags.has('Person'));
}

export function frameOf(input: {
  parsed: Parsed;
  segment: Segment;
  act: FrameAct;
  names: readonly NameSpan[];
  tools: ToolIndex;
  lexicon: Lexicon;
  /** An earlier clause named the organization ("Missio Nexus needs David too, can you invite him?"). */
  carriedOrganization?: boolean;
}): FrameHit | null {
  const { parsed, segment, act, names, tools, lexicon } = input;
  const { tokens } = parsed;
  const { from, to } = segment;
  const inName = (i: number) => names.some((n) => i >= n.from && i < n.to);
  const spans = names.filter((n) => n.from >= from && n.to <= to);
  const said = (phrase: string) =>
    findPhrase(tokens, phrase, from, to, true).some(
      (i) => ![...Array(phraseLength(phrase)).keys()].some((k) => inName(i + k)),
    );
  for (const frame of lexicon.frames) {
    const tool = tools.get(frame.capability);
    if (tool === undefined) continue;
    if (!frame.acts.includes(act)) continue;
    if (act === 'question' && !tool.capability.informational) continue;
    let verb: number | null = null;
    // A verb in the past tense tells what happened ("carol paid for 10 of us"); it asks for no act.
    const past = (i: number) => !tool.capability.informational && tokens[i]!.tags.has('PastTense');
    for (let i = from; i < to && verb === null; i++)
      if (!inName(i) && !past(i) && frame.verbs.some((v) => saysAt(tokens, i, v.split(' '), true))) verb = i;
    if (verb === null && segment.carriedVerb !== null) {
      const carried = segment.carriedVerb;
      if (frame.verbs.some((v) => saysAt(tokens, carried, v.split(' ')))) verb = carried;
    }
    const phrase = frame.phrases.some(said);
    if (verb === null && !phrase) continue;
    // A request led by a verb no frame knows ("delete all my contacts") is not a read its object happens to name.
    if (verb === null && act === 'request' && unknownVerbLeads(tokens[from], lexicon)) continue;
    if (verb !== null && !directObjectFits(tokens, verb + 1, to, inName, frame)) continue;
    // A phrase names the capability outright; a verb needs its object word when the frame declares some.
    if (!phrase && frame.objects.length > 0 && !frame.objects.some(said)) continue;
    const grounded = (kind: string) => {
      if (kind === 'organization')
        return (
          spans.some((s) => s.parties.some((p) => p.kind === 'organization')) ||
          unknownOrganization(parsed, segment, names, lexicon) !== null ||
          input.carriedOrganization === true
        );
      if (kind === 'person' || kind === 'recipient')
        return spans.some((s) => s.parties.some((p) => p.kind === 'person'));
      return true;
    };
    if (!frame.needs.every(grounded)) continue;
    return { frame, verb };
  }
  return null;
}
