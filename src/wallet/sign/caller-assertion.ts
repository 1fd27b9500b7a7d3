import type { Hex, LocalAccount } from 'viem';
import type { CallerAssertion } from '../../protocol/ask';
import { HomeError } from '../../protocol/errors';
import { homePayloadTypedData } from './home-typed-data';

/** The kind under which a caller assertion is signed (EIP-712 `HomeAgentPayload.kind`). */
export const CALLER_ASSERTION_KIND = 'home-agent/caller-assertion';

/**
 * An app signs one caller assertion per ask-as-me with its own key (DESIGN §3): EIP-712 over
 * `digestOf(assertion)`, in a domain bound to the app's address and the chain.
 */
export async function signCallerAssertion(
  appKey: LocalAccount,
  assertion: CallerAssertion,
  chainId: number,
): Promise<Hex> {
  if (appKey.signTypedData === undefined) throw new HomeError('WRONG_KEY', 'This key cannot sign typed data.');
  return appKey.signTypedData(homePayloadTypedData(CALLER_ASSERTION_KIND, assertion, chainId, appKey.address));
}
