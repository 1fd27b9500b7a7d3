import type { Hex } from 'viem';
import type { Capability, Setting } from '../../ontology/capabilities.generated';
import type { InstructionSkill } from '../../ontology/skills.generated';
import type { Archetype } from '../../ontology/archetypes.generated';
import type { DomainClass, OutcomeClass } from '../../ontology/lexicon.generated';

/**
 * The slice of the generated ontology the harness reads. Its types are the generated ones (one definition, from the
 * Turtle); the harness takes the ontology as a value in its context rather than importing the generated constants
 * everywhere, so a stage's test can run over a small fixture and the scenarios over the real generated ontology
 * (src/harness/ontology.ts).
 */
export type {
  ArgKind,
  Capability,
  CapabilityArg,
  CapabilityKind,
  Executor,
  Risk,
  Setting,
} from '../../ontology/capabilities.generated';
export type { InstructionSkill } from '../../ontology/skills.generated';
export type { Archetype } from '../../ontology/archetypes.generated';
export type { DomainClass, OutcomeClass } from '../../ontology/lexicon.generated';

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
