import type { Term } from 'n3';
import { digestOf } from '../../../src/protocol/digest';
import { exportConst, header, moduleText } from '../emit';
import { refuse } from '../errors';
import type { GraphReader } from '../reader';
import { iri, NS, RDFS_COMMENT, RDFS_LABEL } from '../vocab';
import type { ModuleContext, OntologyModule } from './module';

const TYPES = `export type EvalBehaviour = 'route' | 'decline' | 'clarify' | 'several' | 'help';
export type EvalSet = 'dev' | 'heldout' | 'heldout-2';
export type EvalReplyKind = 'answer' | 'authority_required' | 'prompt' | 'waiting' | 'done' | 'refused';
/**
 * One labelled case (seed 001 §4: apeval:expectedSkill, forbiddenSkill, expectedBehaviour, underStartingState).
 * Gold labels come from the skills' contracts; a disputed one is adjudicated by a person against the contract,
 * never edited because a judge disagreed. Held-out sets are write-once (their digests are locked).
 */
export type EvalCase = {
  readonly id: string;
  readonly set: EvalSet;
  readonly ask: string;
  /** Demo identity ids (src/protocol/demo-identities): who asks, and whose agent is asked. */
  readonly asker: string;
  readonly addressee: string;
  readonly expectedBehaviour: EvalBehaviour;
  /** route: the capability the plan's one step must use. */
  readonly expectedSkill?: string;
  /** A capability the plan must not use (the adjacent act kept apart). */
  readonly forbiddenSkill?: string;
  /** clarify: exactly the options the person is asked between; several: the capabilities the plan runs. */
  readonly expectedOptions?: readonly string[];
  readonly expectedReply?: EvalReplyKind;
  readonly startingState?: string;
  readonly note?: string;
  /** What kind of saying it is (paraphrase, typo, two-intents, emergency, …), for the figures per category. */
  readonly category?: string;
  /** The arguments that must reach the person: "name=value", "2:name=value" for a later step, "a|b" a fan-out. */
  readonly expectedArgs?: readonly string[];
  /** Words the reply must say (the emergency number, what this agent can do). */
  readonly expectedSays?: string;
};
/** A state the world is put in before a case runs (the runner knows how to make each). */
export type StartingState = { readonly id: string; readonly label: string; readonly description: string };`;

/** A capability named by IRI: cap:… or skill:… (an instruction skill's capability id is its skill id). */
function capabilityId(reader: GraphReader, term: Term): string {
  for (const ns of [NS.cap, NS.skill])
    if (term.termType === 'NamedNode' && term.value.startsWith(ns)) return term.value.slice(ns.length);
  return refuse('ONTOLOGY_INVALID', `${reader.describe(term)} is not a capability or skill IRI.`);
}

function readCase(reader: GraphReader, node: Term) {
  const p = (local: string) => iri('apeval', local);
  const optionalCap = (local: string) => {
    const t = reader.optionalObject(node, p(local));
    return t === undefined ? undefined : capabilityId(reader, t);
  };
  const options = reader
    .objects(node, p('expectedOption'))
    .map((t) => capabilityId(reader, t))
    .sort();
  const state = reader.optionalObject(node, p('underStartingState'));
  const c = {
    id: reader.id(node, 'evalcase'),
    set: reader.string(node, p('set')) as 'dev' | 'heldout' | 'heldout-2',
    ask: reader.string(node, p('ask')),
    asker: reader.string(node, p('asker')),
    addressee: reader.string(node, p('addressee')),
    expectedBehaviour: reader.string(node, p('expectedBehaviour')),
    expectedSkill: optionalCap('expectedSkill'),
    forbiddenSkill: optionalCap('forbiddenSkill'),
    expectedOptions: options.length > 0 ? options : undefined,
    expectedReply: reader.optionalString(node, p('expectedReply')),
    startingState: state === undefined ? undefined : reader.id(state, 'evalstate'),
    note: reader.optionalString(node, RDFS_COMMENT),
    category: reader.optionalString(node, p('category')),
    expectedArgs: ((args) => (args.length > 0 ? args : undefined))(reader.strings(node, p('expectedArg')).sort()),
    expectedSays: reader.optionalString(node, p('expectedSays')),
  };
  // The generator's own invariants beyond the shapes: a case can be scored, and scored one way only.
  const at = reader.describe(node);
  if (c.expectedSkill !== undefined && c.expectedSkill === c.forbiddenSkill)
    refuse('ONTOLOGY_INVALID', `${at} expects and forbids the same capability.`);
  if (c.forbiddenSkill !== undefined && c.expectedOptions?.includes(c.forbiddenSkill))
    refuse('ONTOLOGY_INVALID', `${at} forbids one of its expected options.`);
  return c;
}

function emit(ctx: ModuleContext): string {
  const { reader } = ctx;
  const cases = reader.instancesOf(iri('apeval', 'EvalCase')).map((node) => readCase(reader, node));
  const asks = new Map<string, string>();
  for (const c of cases) {
    const key = `${c.set}\u0000${c.addressee}\u0000${c.ask.toLowerCase()}`;
    if (asks.has(key))
      refuse(
        'ONTOLOGY_INVALID',
        `evalcase:${c.id} repeats the ask of evalcase:${asks.get(key)} in the same set and agent.`,
      );
    asks.set(key, c.id);
  }
  const states = reader.instancesOf(iri('apeval', 'StartingState')).map((node) => ({
    id: reader.id(node, 'evalstate'),
    label: reader.string(node, RDFS_LABEL),
    description: reader.string(node, RDFS_COMMENT),
  }));
  const digests = Object.fromEntries(
    (['dev', 'heldout', 'heldout-2'] as const).map((set) => [set, digestOf(cases.filter((c) => c.set === set))]),
  );
  return moduleText([
    header(
      'Evaluation cases (seed 001 §4): labelled asks with expected skill, forbidden skill, behaviour and starting state.',
    ),
    TYPES,
    exportConst(
      'The starting states a case may name, by id.',
      'STARTING_STATES',
      'Readonly<Record<string, StartingState>>',
      Object.fromEntries(states.map((s) => [s.id, s])),
    ),
    exportConst('Every case, sorted by id.', 'EVAL_CASES', 'readonly EvalCase[]', cases),
    exportConst(
      'digestOf(the cases of each set, sorted by id); the held-out digest is locked in ontology/eval/heldout.lock.json.',
      'EVAL_SET_DIGESTS',
      "Readonly<Record<EvalCase['set'], `0x${string}`>>",
      digests,
    ),
  ]);
}

/** src/ontology/eval-cases.generated.ts */
export const evalCasesModule: OntologyModule = { file: 'eval-cases.generated.ts', emit };
