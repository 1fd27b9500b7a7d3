/**
 * For tests and the proof only: signs a child link with any scope, unchecked, to build the wider child a verifier
 * must refuse (the wallet's face offers only deriveChildMandate, which refuses to sign one).
 */
export { signChildLink } from '../mandates/derive-child';
