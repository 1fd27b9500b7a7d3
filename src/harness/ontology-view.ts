import type { Hex } from 'viem';

/**
 * The slice of the generated ontology the harness reads (the contract in coord/ONTOLOGY-API.md). The harness takes
 * it as a value in its context rather than importing the generated modules everywhere, so a stage's test can run
 * over a small fixture and the scenarios over the real generated ontology (src/harness/ontology.ts).
 */
export type Risk = 'low' | 'medium' | 'high' | 'critical';
export type ArgKind =
  | 'amount'
  | 'count'
  | 'dose'
  | 'recipient'
  | 'person'
  | 'organization'
  | 'text'
  | 'question'
  | 'token'
  | 'folder'
  | 'metric'
  | 'date'
  | 'choice';
export type CapabilityKind = 'read' | 'act' | 'answer' | 'skill' | 'consult' | 'meta';
export type Executor = 'local' | 'chain' | 'outside-agent' | 'instruction-skill' | 'template';

export type CapabilityArg = {
  readonly name: string;
  readonly kind: ArgKind;
  readonly required: boolean;
  readonly description: string;
  readonly values?: readonly string[];
};

export type Capability = {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly kind: CapabilityKind;
  readonly executor: Executor;
  readonly informational: boolean;
  readonly risk: Risk;
  readonly selfAuthorized: boolean;
  readonly authority: 'addressee' | 'organization' | 'payer' | 'person';
  readonly approverRole?: string;
  readonly quorum?: number;
  readonly freshSeconds?: number;
  readonly thresholdSetting?: string;
  /** At or below the threshold setting, the capability is this risk instead of `risk`. */
  readonly riskBelowThreshold?: Risk;
  readonly effects: readonly string[];
  readonly produces: readonly string[];
  readonly consumes: readonly string[];
  readonly args: readonly CapabilityArg[];
  readonly utterances: readonly string[];
  readonly terms: readonly string[];
  readonly onChain?: { readonly contract: 'usdc'; readonly method: 'transfer' };
  /** An outside agent's step: which agent and which of its A2A skills. */
  readonly outsideAgent?: { readonly agent: string; readonly skill: string };
  /** The cabinet folder a cabinet capability reads or writes. */
  readonly folder?: string;
  /** Set on an instruction skill's capability: the skill's id. */
  readonly skillId?: string;
  /** A fixed answer ({question}, {options}, {text} filled in). */
  readonly answerTemplate?: string;
};

export type InstructionSkill = {
  readonly id: string;
  readonly label: string;
  readonly purpose: string;
  readonly covers: readonly string[];
  readonly excludes: readonly string[];
  readonly produces: readonly string[];
  readonly consumes: readonly string[];
  readonly answerTemplate: string;
  readonly bodyPath: string;
  readonly bodyDigest: Hex;
  readonly body: string;
  readonly utterances: readonly string[];
};

export type Archetype = {
  readonly id: string;
  readonly label: string;
  readonly version: string;
  readonly definitionPath: string;
  readonly definitionDigest: Hex;
  readonly definition: string;
  readonly appliesTo: 'person' | 'organization' | 'heartcoach';
  readonly capabilityIds: readonly string[];
  readonly skillIds: readonly string[];
  readonly doctrine: string;
};

export type DomainClass = {
  readonly id: string;
  readonly label: string;
  readonly terms: readonly string[];
  readonly cluster: string;
  readonly typicalUses: readonly string[];
  readonly recordType?: string;
};
export type OutcomeClass = { readonly id: string; readonly label: string; readonly terms: readonly string[] };

export type Setting = { readonly id: string; readonly label: string; readonly defaultValue: string };

export type OntologyView = {
  readonly version: string;
  readonly digest: Hex;
  readonly capabilities: Readonly<Record<string, Capability>>;
  readonly skills: Readonly<Record<string, InstructionSkill>>;
  readonly archetypes: Readonly<Record<string, Archetype>>;
  readonly domainClasses: Readonly<Record<string, DomainClass>>;
  readonly outcomeClasses: Readonly<Record<string, OutcomeClass>>;
  readonly clusters: Readonly<Record<string, readonly string[]>>;
  /** Settings capabilities depend on, with their defaults (payments.highRiskAboveUsdc). */
  readonly settings: Readonly<Record<string, Setting>>;
};

/** The capability that runs an instruction skill: the ontology names it by the skill's id. */
export function capabilityOfSkill(ontology: OntologyView, skillId: string): Capability | undefined {
  return ontology.capabilities[skillId] ?? Object.values(ontology.capabilities).find((c) => c.skillId === skillId);
}
