import type { Requirement } from '../../protocol/harness-reply';
import { tokenAmount } from './format';
import { message } from './messages';
import { capabilityLabel } from './requirement-words';

/**
 * A queue line for a request that waits on a mandate, in words the person recognises: what it does (the ontology's
 * label), at most how much, and the sentence they asked — never the tool's internal id alone. Every part is read
 * from the requirement that will be signed, so the line cannot promise something the signature does not say.
 */
export function mandateTitle(requirement: Requirement): string {
  const amount =
    requirement.caveats.maxAmount === undefined
      ? ''
      : message('queueAtMost', tokenAmount(requirement.caveats.maxAmount));
  const words = requirement.derivation.words.trim().replace(/\s+/g, ' ');
  const asked =
    words.length === 0 ? '' : ` ${message('queueYouAsked', words.length > 60 ? `${words.slice(0, 59)}…` : words)}`;
  return `${capabilityLabel(requirement.capability)}${amount}${asked}`;
}
