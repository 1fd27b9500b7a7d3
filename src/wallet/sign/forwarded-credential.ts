import type { Hex, LocalAccount } from 'viem';
import type { ForwardedCredential } from '../../protocol/forwarded-credential';
import type { SmartAgent } from '../accounts/smart-agent';
import { homePayloadTypedData } from './home-typed-data';
import { signTypedDataAsAgent } from './sign-as-agent';

/** The kind under which a forwarded credential is signed (EIP-712 `HomeAgentPayload.kind`). */
export const FORWARDED_CREDENTIAL_KIND = 'home-agent/forwarded-credential';

/** The routing agent signs a forwarded credential as its Smart Agent (ERC-6492-wrapped, verified by ERC-1271). */
export function signForwardedCredential(
  owner: LocalAccount,
  router: SmartAgent,
  credential: ForwardedCredential,
): Promise<Hex> {
  return signTypedDataAsAgent(
    owner,
    router,
    homePayloadTypedData(FORWARDED_CREDENTIAL_KIND, credential, credential.chainId, router.address),
  );
}
