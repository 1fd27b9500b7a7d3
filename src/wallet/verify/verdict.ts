import type { Refusal, VerificationCode } from '../../protocol/delegation';

/**
 * A verifier's answer is a value, never an exception (STYLE rule 3): accepted with what was established, or refused
 * with a stable code and a sentence a person understands.
 */
export type Verdict<T extends object = object> = ({ ok: true } & T) | Refusal;

export function refuse(code: VerificationCode, message: string): Refusal {
  // The wire schema caps a refusal's sentence at 500 characters; a zod description of hostile input can run longer.
  return { ok: false, code, message: message.length > 500 ? `${message.slice(0, 497)}...` : message };
}

export const CHAIN_UNAVAILABLE_MESSAGE =
  'The chain could not be reached to check this signature, so it was refused. Try again when the chain answers.';

/**
 * Runs a verifier so that nothing escapes as an exception: the verifiers wrap every chain call themselves (a chain
 * that does not answer is CHAIN_UNAVAILABLE), so whatever still throws came from reading hostile input — an address
 * with a broken checksum, a hex that does not decode — and is refused as such.
 */
export async function guarded<T extends object>(what: string, verify: () => Promise<Verdict<T>>): Promise<Verdict<T>> {
  try {
    return await verify();
  } catch {
    return refuse('BAD_INPUT', `This ${what} could not be read; it was refused.`);
  }
}
