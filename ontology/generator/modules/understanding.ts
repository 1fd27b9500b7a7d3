import type { Term } from 'n3';
import { exportConst, header, moduleText } from '../emit';
import { refuse } from '../errors';
import type { GraphReader } from '../reader';
import { iri, RDFS_COMMENT, RDFS_LABEL } from '../vocab';
import { capabilityId } from './capabilities-read';
import type { ModuleContext, OntologyModule } from './module';

const TYPES = `export type SpeechAct = 'question' | 'request' | 'keep' | 'greeting' | 'thanks' | 'help' | 'farewell';
/** The speech acts a frame answers: the cue acts, plus a plain statement. */
export type FrameAct = SpeechAct | 'statement';
export type NumberRole = 'amount' | 'count' | 'dose' | 'date';
/** Words that mark what a sentence does (ha:SpeechCue). */
export type SpeechCue = { readonly id: string; readonly act: SpeechAct; readonly words: readonly string[] };
/** The word after a number that gives it its role (ha:UnitCue). */
export type UnitCue = { readonly id: string; readonly role: NumberRole; readonly unit: string; readonly words: readonly string[] };
/** One way of saying a capability (ha:Frame): the higher priority wins when two fit. */
export type Frame = {
  readonly id: string;
  readonly capability: string;
  readonly priority: number;
  /** Verb lemmas, with their paraphrases ("give" for a payment). */
  readonly verbs: readonly string[];
  /** Phrases that name the capability outright ("who's in", "my contacts"). */
  readonly phrases: readonly string[];
  /** Object words, one of which must be said when any are declared ("contacts" for adding a contact). */
  readonly objects: readonly string[];
  /** Argument kinds that must be grounded for the frame to fit ("organization"). */
  readonly needs: readonly string[];
  readonly acts: readonly FrameAct[];
  /** Fixed arguments the frame always carries ("type=memory"). */
  readonly fixedArgs: Readonly<Record<string, string>>;
  /** Verbs that may lead a read said by its phrase ("show my receipts"); on their own they say nothing. */
  readonly readVerbs: readonly string[];
  /** When the verb is followed by a common noun, it must be one of these ("send an email" is no payment). */
  readonly directObjects: readonly string[];
  /** A bare number next to the payee is the amount ("pay bob 5"). */
  readonly bareAmount: boolean;
};
/** What a person is told first, locally, for a symptom at this tier (ha:TierAdvice). */
export type TierAdvice = { readonly tier: string; readonly say: string; readonly detail: string; readonly emergencyNumber?: string };`;

const ACTS = ['question', 'request', 'keep', 'greeting', 'thanks', 'help', 'farewell'];
const ROLES = ['amount', 'count', 'dose', 'date'];
const lower = (words: string[]) => words.map((w) => w.toLowerCase());

function readFrame(reader: GraphReader, node: Term) {
  const p = (local: string) => iri('ha', local);
  const fixedArgs: Record<string, string> = {};
  for (const pair of reader.strings(node, p('fixedArg'))) {
    const [name, value] = pair.split('=');
    if (name === undefined || value === undefined || name === '' || value === '')
      refuse('ONTOLOGY_INVALID', `${reader.describe(node)} ha:fixedArg "${pair}" is not name=value.`);
    fixedArgs[name] = value;
  }
  const frame = {
    id: reader.id(node, 'frame'),
    capability: capabilityId(reader, reader.object(node, p('frameFor'))),
    priority: reader.integer(node, p('priority')),
    verbs: lower(reader.strings(node, p('verb'))),
    phrases: lower(reader.strings(node, p('phrase'))),
    objects: lower(reader.strings(node, p('object'))),
    readVerbs: lower(reader.strings(node, p('readVerb'))),
    directObjects: lower(reader.strings(node, p('directObject'))),
    needs: reader.strings(node, p('needs')),
    acts: reader.strings(node, p('answersAct')),
    fixedArgs,
    bareAmount: reader.boolean(node, p('bareAmount'), false),
  };
  if (frame.verbs.length === 0 && frame.phrases.length === 0)
    refuse('ONTOLOGY_INVALID', `${reader.describe(node)} has neither a verb nor a phrase: nothing could say it.`);
  return frame;
}

function emit(ctx: ModuleContext): string {
  const { reader } = ctx;
  const p = (local: string) => iri('ha', local);
  const speech = reader.instancesOf(p('SpeechCue')).map((node) => {
    const act = reader.string(node, p('speechAct'));
    if (!ACTS.includes(act)) refuse('ONTOLOGY_INVALID', `${reader.describe(node)} has an unknown speech act ${act}.`);
    return { id: reader.id(node, 'cue'), act, words: lower(reader.strings(node, p('cueWord'))) };
  });
  const affixes = (kind: string) =>
    reader
      .instancesOf(p('NameAffix'))
      .filter((node) => reader.string(node, p('affixKind')) === kind)
      .flatMap((node) => lower(reader.strings(node, p('cueWord'))))
      .sort();
  const units = reader.instancesOf(p('UnitCue')).map((node) => {
    const role = reader.string(node, p('numberRole'));
    if (!ROLES.includes(role)) refuse('ONTOLOGY_INVALID', `${reader.describe(node)} has an unknown role ${role}.`);
    return {
      id: reader.id(node, 'cue'),
      role,
      unit: reader.string(node, p('unit')),
      words: lower(reader.strings(node, p('cueWord'))),
    };
  });
  const frames = reader
    .instancesOf(p('Frame'))
    .map((node) => readFrame(reader, node))
    .sort((a, b) => b.priority - a.priority || (a.id < b.id ? -1 : 1));
  const advice = reader.instancesOf(p('TierAdvice')).map((node) => ({
    tier: reader.id(reader.object(node, p('forTier')), 'esc'),
    say: reader.string(node, RDFS_LABEL),
    detail: reader.string(node, RDFS_COMMENT),
    emergencyNumber: reader.optionalString(node, p('emergencyNumber')),
  }));
  return moduleText([
    header('How people say what they want: speech-act cues, name affixes, unit cues, frames, tier advice.'),
    TYPES,
    exportConst('Speech-act cues.', 'SPEECH_CUES', 'readonly SpeechCue[]', speech),
    exportConst('Titles before a name ("dr").', 'NAME_TITLES', 'readonly string[]', affixes('title')),
    exportConst('Suffixes after a name ("md").', 'NAME_SUFFIXES', 'readonly string[]', affixes('suffix')),
    exportConst('Politeness, no part of an argument.', 'POLITENESS', 'readonly string[]', affixes('politeness')),
    exportConst(
      'Words that point at quoted material ("this page").',
      'MATERIAL_POINTERS',
      'readonly string[]',
      affixes('material'),
    ),
    exportConst('Unit cues: the role a number takes.', 'UNIT_CUES', 'readonly UnitCue[]', units),
    exportConst('Frames, highest priority first.', 'FRAMES', 'readonly Frame[]', frames),
    exportConst('What a person is told first for a symptom at a tier.', 'TIER_ADVICE', 'readonly TierAdvice[]', advice),
  ]);
}

/** src/ontology/understanding.generated.ts */
export const understandingModule: OntologyModule = { file: 'understanding.generated.ts', emit };
