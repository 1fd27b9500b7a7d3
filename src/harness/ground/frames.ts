import type { ToolIndex } from '../tools/tools';
import type { Frame, FrameAct, Lexicon } from './lexicon';
import type { NameSpan } from './names';
import { findPhrase, phraseLength, saysAt, type Parsed } from './parse';
import type { Segment } from './segments';
import { unknownOrganization } from './slots';

/**
 * Which capability a segment says: the frames (understanding.ttl) whose verb or phrase is said, whose object word
 * (when they declare one) is said, whose needed arguments are grounded, and which answer this speech act; the
 * highest priority wins. A question never writes: a frame for a write is never chosen for a question.
 */
export type FrameHit = { readonly frame: Frame; readonly verb: number | null };

export function frameOf(input: {
  parsed: Parsed;
  segment: Segment;
  act: FrameAct;
  names: readonly NameSpan[];
  tools: ToolIndex;
  lexicon: Lexicon;
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
    for (let i = from; i < to && verb === null; i++)
      if (!inName(i) && frame.verbs.some((v) => saysAt(tokens, i, v.split(' '), true))) verb = i;
    if (verb === null && segment.carriedVerb !== null) {
      const carried = segment.carriedVerb;
      if (frame.verbs.some((v) => saysAt(tokens, carried, v.split(' ')))) verb = carried;
    }
    const phrase = frame.phrases.some(said);
    if (verb === null && !phrase) continue;
    // A phrase names the capability outright; a verb needs its object word when the frame declares some.
    if (!phrase && frame.objects.length > 0 && !frame.objects.some(said)) continue;
    const grounded = (kind: string) => {
      if (kind === 'organization')
        return (
          spans.some((s) => s.parties.some((p) => p.kind === 'organization')) ||
          unknownOrganization(parsed, segment, names, lexicon) !== null
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
