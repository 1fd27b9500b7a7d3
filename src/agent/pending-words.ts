import { CAPABILITIES } from '../ontology/capabilities.generated';

/** Labels that start with a verb read as the act itself: "Send USDC" → "to send USDC". */
const VERBS = new Set([
  'add',
  'ask',
  'file',
  'invite',
  'list',
  'log',
  'read',
  'remember',
  'say',
  'send',
  'set',
  'transfer',
]);

/**
 * The queue's line for a request waiting on the person's mandate, in the act's own words (the ontology's label),
 * never the tool's internal id: "Waiting for your signature to send USDC".
 */
export function waitingForSignature(toolId: string | null): string {
  const label = toolId === null ? undefined : CAPABILITIES[toolId]?.label;
  if (label === undefined) return 'Waiting for your signature.';
  const first = label.split(' ')[0]?.toLowerCase() ?? '';
  return VERBS.has(first)
    ? `Waiting for your signature to ${first}${label.slice(first.length)}.`
    : `Waiting for your signature: ${label}.`;
}
