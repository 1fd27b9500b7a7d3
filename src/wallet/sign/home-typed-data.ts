import { hashTypedData, type Address, type Hex, type TypedDataDefinition } from 'viem';
import { digestOf } from '../../protocol/digest';

/**
 * Home Agent's signed payloads (caller assertions, approvals) are EIP-712 data over one small struct: the payload's
 * kind and its `digestOf` (RFC 8785 + keccak256, DESIGN §10). The domain's `verifyingContract` is the signing account
 * and `chainId` the chain, so a signature is bound to one account on one chain: a HybridDeleGator accepts any hash
 * its owner signed, and this is what stops Alice's signature as herself being presented as Missio Nexus's (same
 * owner). The typed-data prefix also keeps these signatures from ever being a transaction or a delegation.
 */
export const HOME_PAYLOAD_TYPES = {
  HomeAgentPayload: [
    { name: 'kind', type: 'string' },
    { name: 'digest', type: 'bytes32' },
  ],
} as const;

export type HomePayloadTypedData = TypedDataDefinition<typeof HOME_PAYLOAD_TYPES, 'HomeAgentPayload'>;

export function homePayloadTypedData(
  kind: string,
  payload: unknown,
  chainId: number,
  account: Address,
): HomePayloadTypedData {
  return {
    domain: { name: 'Home Agent', version: '1', chainId, verifyingContract: account },
    types: HOME_PAYLOAD_TYPES,
    primaryType: 'HomeAgentPayload',
    message: { kind, digest: digestOf(payload) },
  };
}

/** The hash an account's ERC-1271 `isValidSignature` is asked about for a Home Agent payload. */
export function homePayloadHash(kind: string, payload: unknown, chainId: number, account: Address): Hex {
  return hashTypedData(homePayloadTypedData(kind, payload, chainId, account));
}
