import { ONTOLOGY_DIGEST } from '../../src/ontology/manifest.generated';
import {
  CoachAnswer,
  type Acted,
  type ArchetypeRef,
  type CoachInsight,
  type ConsultationKind,
  type Proposed,
} from '../../src/protocol/heartcoach';
import type { RegisteredArchetype } from './archetypes';
import type { LoopResult } from './loop';

/**
 * The answer of seed 000 step 12. `archetypes` and `under` make it attributable to the exact registered words it ran
 * under: each definition's digest, the deployment contract's digest and the ontology's. The gateway checks its own
 * output against the shared schema before it leaves.
 */
export function underOf(archetypes: readonly RegisteredArchetype[], contractDigest: string): string[] {
  return [...archetypes.map((a) => a.ref.digest), contractDigest, ONTOLOGY_DIGEST];
}

export function buildAnswer(input: {
  consultationKind: ConsultationKind;
  about?: CoachAnswer['about'];
  say: string;
  escalationTier: CoachAnswer['escalationTier'];
  loop: LoopResult;
  acted: Acted[];
  proposed: Proposed[];
  insight: { id: string; storedIn: string; record: CoachInsight } | null;
  archetypes: ArchetypeRef[];
  under: string[];
  model: string;
  ms: number;
  tier: CoachAnswer['tier'];
}): CoachAnswer {
  const { reply } = input.loop;
  return CoachAnswer.parse({
    kind: 'answer',
    consultationKind: input.consultationKind,
    ...(input.about === undefined ? {} : { about: input.about }),
    say: input.say,
    because: reply.because ?? '',
    escalationTier: input.escalationTier,
    ...(reply.theme === undefined ? {} : { theme: reply.theme }),
    stillToDo: reply.stillToDo ?? [],
    builtFrom: reply.builtFrom ?? [],
    acted: input.acted,
    proposed: input.proposed,
    insight: input.insight,
    archetypes: input.archetypes,
    under: input.under,
    model: input.model,
    usage: input.loop.usage,
    ms: Math.round(input.ms),
    tier: input.tier,
  });
}
