import {
  type TypedReading,
  NOT_APPLICABLE_CARD,
  skillCard,
  NOT_APPLICABLE,
  type JudgeRequest,
  type PlannerRequest,
  GENERATED_ONTOLOGY,
  PLANNER_RULES,
  buildTools,
  toolSpec,
} from '../../../harness';
import { archetypeFor } from '../../../harness/testing';

/**
 * Requests as the harness builds them, over the real generated ontology: the organization playbook's skill cards
 * (and n/a) for the judge, the person playbook's tools for the planner. For adapter tests that call the port
 * directly; the scenario tests go through the harness's run loop instead.
 */
export const READING: TypedReading = {
  terms: [{ classId: 'screening-model', label: 'Screening model', term: 'intake model' }],
  neighbours: ['model-risk'],
  toolsNamed: ['intake-screening-model-review'],
  relation: 'steward',
  outcome: null,
  recentSkills: [],
  memoryTags: [],
};

function playbookTools(appliesTo: 'person' | 'organization') {
  const a = archetypeFor(GENERATED_ONTOLOGY, appliesTo);
  return buildTools(GENERATED_ONTOLOGY, {
    archetypeId: a.id,
    archetypeVersion: a.version,
    digest: a.definitionDigest,
    capabilityIds: a.capabilityIds,
    skillIds: a.skillIds,
    instructions: a.doctrine,
    specialists: [],
    declaredEffects: [],
  });
}

export function judgeRequest(question: string, extra: Partial<JudgeRequest> = {}): JudgeRequest {
  const skills = [...playbookTools('organization').values()].filter((t) => t.skill !== null);
  return {
    profile: 'fast',
    question,
    reading: READING,
    options: [
      ...skills.map((t) => ({ id: t.id, card: skillCard(t) })),
      { id: NOT_APPLICABLE, card: NOT_APPLICABLE_CARD },
    ],
    material: [],
    ...extra,
  };
}

export function plannerRequest(question: string, extra: Partial<PlannerRequest> = {}): PlannerRequest {
  const a = archetypeFor(GENERATED_ONTOLOGY, 'person');
  return {
    question,
    doctrine: a.doctrine,
    rules: PLANNER_RULES,
    tools: [...playbookTools('person').values()].map(toolSpec),
    reading: { ...READING, terms: [], neighbours: [], toolsNamed: [], relation: 'self' },
    heldMandates: [],
    memory: [],
    material: [],
    violations: [],
    ...extra,
  };
}
