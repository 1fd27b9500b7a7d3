import type { MandateScope, TimeWindow } from '../../protocol/delegation';

/**
 * A mandate's time window. The scope's TimeWindow is the TimestampEnforcer's "strictly after validAfter, strictly
 * before validBefore", so a mandate signed at second t carries validAfter = t − 1 (usable at once) and validBefore =
 * notAfter + 1 (usable through notAfter). issuedAt — what a critical act's fresh authorization is measured from — is
 * therefore inside what was signed: validAfter + 1.
 */
export function windowFor(issuedAt: number, notAfter: number): TimeWindow {
  return { validAfter: issuedAt - 1, validBefore: notAfter + 1 };
}

/** When the mandate was signed, read from its signed window. */
export const issuedAtOf = (scope: MandateScope): number => scope.window.validAfter + 1;

/** The last second the mandate may be used, read from its signed window. */
export const notAfterOf = (scope: MandateScope): number => scope.window.validBefore - 1;
