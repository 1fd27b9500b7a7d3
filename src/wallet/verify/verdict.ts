import type { Refusal, VerificationCode } from '../../protocol/delegation';

/**
 * A verifier's answer is a value, never an exception (STYLE rule 3): accepted with what was established, or refused
 * with a stable code and a sentence a person understands.
 */
export type Verdict<T extends object = object> = ({ ok: true } & T) | Refusal;

export function refuse(code: VerificationCode, message: string): Refusal {
  return { ok: false, code, message };
}

export const CHAIN_UNAVAILABLE_MESSAGE =
  'The chain could not be reached to check this signature, so it was refused. Try again when the chain answers.';
