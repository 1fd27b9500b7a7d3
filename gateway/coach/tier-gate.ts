import { TIER_CATALOG, type ConsequenceTier } from '../../src/ontology/health-portal.generated';
import { refuse } from '../errors';

/** A second person's decision on a HighConsequence capability; no such case is ever made by a consultation. */
export type DecisionCase = { proposer: string; approver: string };

/**
 * The tier gate (seed 000 step 1): every capability the app has is in the ontology's tier catalog. An uncatalogued
 * name is refused (403); a HighConsequence one needs a decision whose approver is not its proposer — and since no
 * HighConsequence tool is ever offered to the model, the model cannot even propose one.
 */
export function admitToolCall(input: { toolName: string; decision?: DecisionCase }): ConsequenceTier {
  const tier = Object.hasOwn(TIER_CATALOG, input.toolName) ? TIER_CATALOG[input.toolName] : undefined;
  if (tier === undefined) {
    throw refuse.forbidden(
      'tool_not_catalogued',
      `"${input.toolName.slice(0, 80)}" is not a capability HeartCoach has; it was not run.`,
    );
  }
  if (tier === 'HighConsequence') {
    const decision = input.decision;
    if (decision === undefined || decision.approver.toLowerCase() === decision.proposer.toLowerCase()) {
      throw refuse.forbidden(
        'decision_required',
        `${input.toolName} is high-consequence: it needs a decision approved by someone other than the one who proposed it.`,
      );
    }
  }
  return tier;
}
