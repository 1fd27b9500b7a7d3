import { digestOf } from '../../protocol/digest';
import type { GrantScope, MandateScope, WireScope } from '../../protocol/delegation';

/** The delegation salt a scope is signed under: `digestOf(scope)` as a uint256 (decimal string). */
export function scopeSalt(scope: MandateScope | WireScope | GrantScope): string {
  return BigInt(digestOf(scope)).toString();
}
