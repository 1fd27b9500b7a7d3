/**
 * The wallet's public API (DESIGN §2–§4): keys, Smart Agents, the chain (embedded EVM or any JSON-RPC URL), signing
 * mandates, ask-as-me wires, cabinet grants, caller assertions, approvals and SIWE sign-ins, verifying each (fail
 * closed, results as values), revocation and redemption. Runs in an MV3 service worker (no Node built-ins, no WASM,
 * no eval) and in Node (the gateway, the command line, tests). Test support (anvil) is in ./testing, not here.
 */

// chain
export { HOME_CHAIN_ID, homeChain } from './chain/home-chain';
export type { WalletChain } from './chain/wallet-chain';
export {
  openEmbeddedChain,
  type EmbeddedWalletChain,
  type OpenEmbeddedChainParameters,
} from './chain/open-embedded-chain';
export { openRpcChain, type OpenRpcChainParameters } from './chain/open-rpc-chain';
export { createMemoryChainStateStore, type ChainStateStore } from './chain/chain-state-store';
export type { ChainClock } from './chain/embedded/embedded-chain';
export { deployHomeEnvironment } from './deploy/deploy-home-environment';
export { HOME_ENVIRONMENT, HOME_USDC } from './deploy/environment';
export { DEPLOYER_ADDRESS } from './deploy/deployer';
export { testUsdcAbi, USDC_DECIMALS } from './deploy/usdc/usdc';

// keys and accounts
export { generateOwnerKey, importOwnerKey, ownerAccount, ownerAddressOf } from './keys/owner-key';
export { smartAgentOf, type SmartAgent } from './accounts/smart-agent';
export { isDeployed } from './accounts/is-deployed';
export { deploySmartAgent } from './accounts/deploy-smart-agent';
export { fundOnLocalChain } from './accounts/fund';
export { mintTestUsdc, usdcBalanceOf, usdcTransferCall } from './tokens/usdc';
export {
  previewUsdcTransfer,
  previewUsdcTransfers,
  type TransferPreview,
  type BalanceChange,
} from './tokens/preview-transfer';

// mandates: one home for what the person signs for one act (scope, window, caveats, sign, the vault row, verify)
export { paymentMandateScope, offChainMandateScope } from './mandates/scope';
export { windowFor, issuedAtOf, notAfterOf } from './mandates/window';
export { caveatsOf } from './mandates/caveats';
export { mandateOfRow, mandateRowOf, type StoredMandateRow } from './mandates/row';
export { buildMandate, checkSignable, type BuildMandateParameters } from './mandates/sign';
export {
  verifyMandate,
  type VerifyMandateParameters,
  type VerifyMandateReturnType,
  type BindingRefusal,
} from './mandates/verify';

// child mandates: a hand-off to another executor as a redelegation (authority = the parent's hash), at most the parent
export {
  deriveChildMandate,
  type ChildNarrowing,
  type DeriveChildMandateParameters,
  type DeriveChildMandateReturnType,
} from './mandates/derive-child';
export {
  verifyChildMandate,
  type VerifyChildMandateParameters,
  type VerifyChildMandateReturnType,
} from './mandates/verify-child';

// routed hops: the credential a routed step carries (addressee, audience, spent once on the receiver's object)
export { signForwardedCredential, FORWARDED_CREDENTIAL_KIND } from './sign/forwarded-credential';
export {
  verifyForwardedCredential,
  type VerifyForwardedCredentialParameters,
} from './verify/verify-forwarded-credential';

// signing
export { wireScope, grantScope } from './delegations/scopes';
export { signScopedDelegation, type SignScopedDelegationParameters } from './delegations/sign-scoped-delegation';
export { delegationHashOf } from './delegations/delegation-codec';
export { capabilityTarget } from './delegations/capability-target';
export { signCallerAssertion, CALLER_ASSERTION_KIND } from './sign/caller-assertion';
export { HOME_PAYLOAD_TYPES } from './sign/home-typed-data';
export { signMessageAsAgent, signTypedDataAsAgent } from './sign/sign-as-agent';
export { signApproval } from './sign/approval';
export { createSignIn, type CreateSignInParameters } from './siwe/create-sign-in';

// verification (every verifier returns a Verdict: { ok: true, ... } or { ok: false, code, message })
export type { Verdict } from './verify/verdict';
export { verifyAccountSignature } from './verify/verify-account-signature';

export { verifyWire, type VerifyWireParameters } from './verify/verify-wire';
export { verifyGrant, type VerifyGrantParameters } from './verify/verify-grant';
export { verifyCallerAssertion, type VerifyCallerAssertionParameters } from './verify/verify-caller-assertion';
export { verifyApproval, APPROVAL_FRESHNESS, type VerifyApprovalParameters } from './verify/verify-approval';
export { verifyQuorum, type VerifyQuorumParameters } from './verify/verify-quorum';
export { verifySignIn, type VerifySignInParameters } from './siwe/verify-sign-in';
export { readRevoked } from './verify/read-revoked';
export { readCallsUsed } from './verify/read-calls-used';

// revocation and redemption
export { revokeDelegation, type RevokeDelegationParameters } from './revoke/revoke-delegation';
export { prepareRedemption, type PreparedRedemption, type Execution } from './redeem/prepare-redemption';
export { submitRedemption } from './redeem/submit-redemption';
export { reconcileRedemption, type ReconcileRedemptionReturnType } from './redeem/reconcile-redemption';
export { payWithMandate, type PayWithMandateParameters } from './redeem/pay-with-mandate';
