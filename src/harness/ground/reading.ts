import type { DomainClass, OntologyView } from '../kernel/ontology-view';
import type { ToolIndex } from '../tools/tools';
import type { OpenIntent } from './open-intent';
import { saysTerm } from './terms';

/**
 * The typed reading for the judge and the planner (seed 001 step 3.4): the domain terms the sentence names, their
 * cluster neighbours, the asker's relation to the addressee, and (under askerContext 'full') recent skills and
 * memory tags. "Evidence, never a filter: nothing here removes a skill."
 */
export type Relation = 'self' | 'steward' | 'member' | 'stranger';

export type TypedReading = {
  terms: { classId: string; label: string; term: string }[];
  neighbours: string[];
  /** Offered tools whose declared terms the words name (skills by their covers). */
  toolsNamed: string[];
  relation: Relation;
  outcome: OpenIntent;
  recentSkills: string[];
  memoryTags: string[];
};

export function typedReading(input: {
  words: string;
  ontology: OntologyView;
  tools: ToolIndex;
  relation: Relation;
  outcome: OpenIntent;
  recentSkills?: string[];
  memoryTags?: string[];
}): TypedReading {
  const terms: TypedReading['terms'] = [];
  const named = new Set<string>();
  for (const c of playbookDomain(input.ontology, input.tools)) {
    const term = [c.label, ...c.terms].find((t) => saysTerm(input.words, t));
    if (term !== undefined) {
      terms.push({ classId: c.id, label: c.label, term });
      named.add(c.id);
    }
  }
  const neighbours = new Set<string>();
  for (const id of named) {
    const cluster = input.ontology.domainClasses[id]?.cluster;
    for (const n of cluster === undefined ? [] : (input.ontology.clusters[cluster] ?? []))
      if (!named.has(n)) neighbours.add(n);
  }
  const toolsNamed = [...input.tools.values()]
    .filter((t) => t.capability.kind !== 'meta')
    .filter((t) => [...t.capability.terms, ...(t.skill?.covers ?? [])].some((term) => saysTerm(input.words, term)))
    .map((t) => t.id);
  return {
    terms,
    neighbours: [...neighbours],
    toolsNamed,
    relation: input.relation,
    outcome: input.outcome,
    recentSkills: input.recentSkills ?? [],
    memoryTags: input.memoryTags ?? [],
  };
}

/**
 * The playbook's domain lexicon: the domain classes that share a term with an offered tool (its terms, a skill's
 * covers), and the other classes of their clusters. A class no offered tool touches ("volunteer" at a person's own
 * agent) is outside what this agent knows how to do.
 */
export function playbookDomain(ontology: OntologyView, tools: ToolIndex): DomainClass[] {
  const toolTerms = new Set(
    [...tools.values()].flatMap((t) => [...t.capability.terms, ...(t.skill?.covers ?? [])]).map((x) => x.toLowerCase()),
  );
  const linked = Object.values(ontology.domainClasses).filter((c) =>
    c.terms.some((t) => toolTerms.has(t.toLowerCase())),
  );
  const clusters = new Set(linked.map((c) => c.cluster));
  return Object.values(ontology.domainClasses).filter((c) => clusters.has(c.cluster));
}

/** The scope rule: the words name nothing this agent offers — no tool term, no skill cover, no domain term. */
export const namesNothing = (reading: TypedReading): boolean =>
  reading.toolsNamed.length === 0 && reading.terms.length === 0;
