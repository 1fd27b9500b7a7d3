import type { Term } from 'n3';
import { refuse } from '../errors';
import type { GraphReader } from '../reader';
import { iri, NS, RDF_TYPE, RDFS_COMMENT, RDFS_LABEL } from '../vocab';

export type ArgModel = { name: string; kind: string; required: boolean; description: string; values?: string[] };
export type CapabilityModel = {
  id: string;
  label: string;
  description: string;
  kind: string;
  executor: string;
  informational: boolean;
  risk: string;
  selfAuthorized: boolean;
  authority: string;
  approverRole?: string;
  quorum?: number;
  freshSeconds?: number;
  thresholdSetting?: string;
  riskBelowThreshold?: string;
  effects: string[];
  produces: string[];
  consumes: string[];
  /** Inputs the step cannot do without (ha:needs): plan regression completes them; absent when there are none. */
  needs?: string[];
  args: ArgModel[];
  utterances: string[];
  terms: string[];
  onChain?: { contract: string; method: string };
  outsideAgent?: { agent: string; skill: string };
  proposesInto?: string[];
  folder?: string;
  skillId?: string;
  answerTemplate?: string;
};
export type SettingModel = { id: string; label: string; defaultValue: string };

/** A capability's id: its IRI in cap: (or skill: for an instruction skill's capability) without the namespace. */
export function capabilityId(reader: GraphReader, term: Term): string {
  return term.value.startsWith(NS.skill) ? reader.id(term, 'skill') : reader.id(term, 'cap');
}

function readArg(reader: GraphReader, node: Term): ArgModel {
  const values = reader.optionalObject(node, iri('ha', 'argValues'));
  return {
    name: reader.string(node, iri('ha', 'argName')),
    kind: reader.string(node, iri('ha', 'argKind')),
    required: reader.boolean(node, iri('ha', 'required')),
    description: reader.string(node, RDFS_COMMENT),
    values: values === undefined ? undefined : reader.list(node, iri('ha', 'argValues')).map((t) => t.value),
  };
}

function pair<T>(
  reader: GraphReader,
  node: Term,
  a: string,
  b: string,
  make: (x: string, y: string) => T,
): T | undefined {
  const first = reader.optionalString(node, iri('ha', a));
  const second = reader.optionalString(node, iri('ha', b));
  if (first === undefined && second === undefined) return undefined;
  if (first === undefined || second === undefined)
    refuse(
      'ONTOLOGY_INVALID',
      `${reader.describe(node)} declares ha:${first === undefined ? b : a} without ha:${first === undefined ? a : b}.`,
    );
  return make(first, second);
}

const optionalList = (items: string[]): string[] | undefined => (items.length > 0 ? items : undefined);

function readCapability(reader: GraphReader, node: Term): CapabilityModel {
  const setting = reader.optionalObject(node, iri('ha', 'thresholdSetting'));
  const folder = reader.optionalObject(node, iri('ha', 'folder'));
  const id = capabilityId(reader, node);
  const isSkill = reader.objects(node, RDF_TYPE).some((t) => t.value === iri('ha', 'InstructionSkill'));
  return {
    id,
    label: reader.string(node, RDFS_LABEL),
    description: reader.string(node, RDFS_COMMENT),
    kind: reader.string(node, iri('ha', 'kind')),
    executor: reader.string(node, iri('ha', 'executor')),
    informational: reader.boolean(node, iri('ha', 'informational')),
    risk: reader.string(node, iri('ha', 'risk')),
    selfAuthorized: reader.boolean(node, iri('ha', 'selfAuthorized'), false),
    authority: reader.string(node, iri('ha', 'authority')),
    approverRole: reader.optionalString(node, iri('ha', 'approverRole')),
    quorum: reader.optionalInteger(node, iri('ha', 'quorum')),
    freshSeconds: reader.optionalInteger(node, iri('ha', 'freshSeconds')),
    thresholdSetting: setting === undefined ? undefined : reader.id(setting, 'setting'),
    riskBelowThreshold: reader.optionalString(node, iri('ha', 'riskBelowThreshold')),
    effects: reader.strings(node, iri('ha', 'effect')),
    produces: reader.ids(node, iri('ha', 'produces'), 'out'),
    consumes: reader.ids(node, iri('ha', 'consumes'), 'out'),
    needs: optionalList(reader.ids(node, iri('ha', 'needs'), 'out')),
    args: reader.objects(node, iri('ha', 'arg')).map((arg) => readArg(reader, arg)),
    utterances: reader.strings(node, iri('ha', 'utterance')),
    terms: reader.strings(node, iri('ha', 'term')),
    onChain: pair(reader, node, 'onChainContract', 'onChainMethod', (contract, method) => ({ contract, method })),
    outsideAgent: pair(reader, node, 'outsideAgent', 'outsideSkill', (agent, skill) => ({ agent, skill })),
    proposesInto:
      reader.optionalObject(node, iri('ha', 'proposesInto')) === undefined
        ? undefined
        : reader.list(node, iri('ha', 'proposesInto')).map((t) => t.value),
    folder: folder === undefined ? undefined : reader.id(folder, 'folder'),
    skillId: isSkill ? id : undefined,
    answerTemplate: reader.optionalString(node, iri('ha', 'answerTemplate')),
  };
}

/** Every ha:Capability, sorted by id; an id declared twice (in cap: and skill:) is refused. */
export function readCapabilities(reader: GraphReader): CapabilityModel[] {
  const capabilities = reader.instancesOf(iri('ha', 'Capability')).map((node) => readCapability(reader, node));
  capabilities.sort((a, b) => (a.id < b.id ? -1 : 1));
  capabilities.forEach((c, i) => {
    if (i > 0 && capabilities[i - 1]?.id === c.id)
      refuse('ONTOLOGY_INVALID', `The capability id ${c.id} is declared twice.`);
    const argNames = c.args.map((a) => a.name);
    if (new Set(argNames).size !== argNames.length)
      refuse('ONTOLOGY_INVALID', `The capability ${c.id} has two arguments with the same name.`);
  });
  return capabilities;
}

/** Settings a capability's risk may depend on (ha:thresholdSetting). */
export function readSettings(reader: GraphReader): SettingModel[] {
  return reader.instancesOf(iri('ha', 'Setting')).map((node) => ({
    id: reader.id(node, 'setting'),
    label: reader.string(node, RDFS_LABEL),
    defaultValue: reader.string(node, iri('ha', 'defaultValue')),
  }));
}
