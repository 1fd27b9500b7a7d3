import { keccak256, stringToBytes, type Hex } from 'viem';
import { canonicalJson } from './canonical-json';

/**
 * The one digest of Home Agent: keccak256 over the RFC 8785 canonical JSON of a value (DESIGN §10). Plans, step
 * args, playbook definitions, the ontology manifest, messages and approvals are all bound by this function, so the
 * popup, the verifier and the gateway compute the same bytes.
 */
export function digestOf(value: unknown): Hex {
  return keccak256(stringToBytes(canonicalJson(value)));
}

/** The digest of a text document (a skill body, an archetype definition): keccak256 over its UTF-8 bytes. */
export function digestOfText(text: string): Hex {
  return keccak256(stringToBytes(text));
}
