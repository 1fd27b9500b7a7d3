import { z } from 'zod';
import { AddressSchema, DigestSchema } from './ask';
import { Cabinet } from './heartcoach';

/**
 * What crosses a boundary about authority (DESIGN §3): delegations (the MetaMask framework's struct), the scopes
 * our mandates, ask-as-me wires and cabinet grants carry, approvals, and the verifier's refusal codes. Hex has a
 * length cap, uint256 travels as a decimal string, every object is strict. The wallet (src/wallet) signs and
 * verifies these; the harness, the page provider and the gateway only carry them.
 *
 * Why the scope is the delegation's salt pre-image: caveat `args` are not signed (the framework's Caveat typehash
 * covers enforcer and terms only) and a made-up enforcer would make a delegation unredeemable, while the salt is
 * signed, costs nothing on chain and makes every mandate's delegation hash distinct (so each is revoked on its
 * own). The signed salt is `digestOf(scope)`; the scope travels beside the delegation; the verifier recomputes the
 * digest and rebuilds the caveats from the scope, so neither can be altered, stripped or swapped.
 */

/** Hex of at most `maxBytes` bytes (even length). */
export const hexBytes = (maxBytes: number) =>
  z
    .string()
    .max(2 + 2 * maxBytes)
    .regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'hex bytes');

/** A uint256 as a decimal string (JSON has no bigint). */
export const Uint256String = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,77})$/, 'a non-negative integer as a decimal string')
  .refine((value) => BigInt(value) < 2n ** 256n, 'at most 2^256 - 1');

/** A signature: 65-byte ECDSA, or an ERC-6492 wrapper carrying the account's deployment (capped at 8 kB). */
export const SignatureHex = hexBytes(8192).refine((value) => value.length >= 4, 'a signature');

/** Seconds since the epoch. */
export const UnixSeconds = z
  .number()
  .int()
  .nonnegative()
  .max(2 ** 40);

export const Caveat = z.strictObject({
  enforcer: AddressSchema,
  terms: hexBytes(4096),
  args: hexBytes(4096),
});
export type Caveat = z.infer<typeof Caveat>;

/** The framework's Delegation struct on the wire; `salt` as a decimal string. */
export const Delegation = z.strictObject({
  delegate: AddressSchema,
  delegator: AddressSchema,
  authority: DigestSchema,
  caveats: z.array(Caveat).max(16),
  salt: Uint256String,
  signature: SignatureHex.or(z.literal('0x')),
});
export type Delegation = z.infer<typeof Delegation>;

/**
 * Valid strictly after `validAfter` and strictly before `validBefore` (seconds): exactly the TimestampEnforcer's
 * rule, so the off-chain check and the on-chain one never disagree about an edge.
 */
export const TimeWindow = z
  .strictObject({ validAfter: UnixSeconds, validBefore: UnixSeconds })
  .refine((w) => w.validBefore > w.validAfter + 1, 'the window must end after it starts');
export type TimeWindow = z.infer<typeof TimeWindow>;

const CapabilityId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[a-z][a-z0-9_.-]*$/, 'a capability id such as payments.send');

/** The intent a mandate is for (seed 001 step 8): what the person saw and signed, digest by digest. */
export const IntentBinding = z.strictObject({
  planDigest: DigestSchema,
  stepRef: z.string().min(1).max(64),
  argsDigest: DigestSchema,
  ontologyDigest: DigestSchema,
  playbookDigest: DigestSchema,
  capabilityId: CapabilityId,
});
export type IntentBinding = z.infer<typeof IntentBinding>;

/** An act on chain: one target and method, a value cap, and for an ERC-20 transfer the token, amount and recipient. */
export const ChainAct = z
  .strictObject({
    kind: z.literal('chain'),
    target: AddressSchema,
    selector: z.string().regex(/^0x[0-9a-fA-F]{8}$/, 'a 4-byte function selector'),
    maxValue: Uint256String,
    erc20: z
      .strictObject({ token: AddressSchema, maxAmount: Uint256String, recipient: AddressSchema.optional() })
      .optional(),
  })
  .refine(
    (act) => act.erc20 === undefined || act.erc20.token.toLowerCase() === act.target.toLowerCase(),
    'an ERC-20 act targets its token',
  );
export type ChainAct = z.infer<typeof ChainAct>;

/** An act that is not a chain call: the harness enforces it by the capability id. */
export const OffChainAct = z.strictObject({ kind: z.literal('offchain') });

export const MandateScope = z.strictObject({
  type: z.literal('home-agent/mandate'),
  version: z.literal(1),
  chainId: z.number().int().positive(),
  binding: IntentBinding,
  act: z.union([ChainAct, OffChainAct]),
  window: TimeWindow,
  /** How many times the mandate may be used (1 by default when built). */
  calls: z.number().int().min(1).max(1000),
});
export type MandateScope = z.infer<typeof MandateScope>;

/** The page's origin an ask-as-me wire is pinned to (scheme://host[:port]). */
export const WireOrigin = z
  .string()
  .max(512)
  .regex(/^[a-z][a-z0-9+.-]*:\/\/[^/\s?#]+$/, 'an origin such as https://example.org');

export const CabinetFolder = Cabinet.keyof();
export type CabinetFolderName = z.infer<typeof CabinetFolder>;

const sortedOnce = <T extends string>(values: readonly T[]) => values.every((v, i) => i === 0 || values[i - 1]! < v);

/**
 * What an app asking as the person may have answered beyond acts (DESIGN §10 "Doors and permissions"): the
 * cabinet folders and the other kinds of the person's records. Everything else — and keys, always — stays home.
 */
export const WIRE_READ_KINDS = ['balance', 'contacts', 'memory', 'organizations', 'receipts'] as const;
export const WireReadKind = z.enum(WIRE_READ_KINDS);
export type WireReadKind = z.infer<typeof WireReadKind>;
export const WireRead = z.strictObject({
  /** Sorted and unique, so one scope has one digest. */
  folders: z.array(CabinetFolder).max(6).refine(sortedOnce, 'folders sorted, each once'),
  kinds: z.array(WireReadKind).max(WIRE_READ_KINDS.length).refine(sortedOnce, 'kinds sorted, each once'),
});
export type WireRead = z.infer<typeof WireRead>;

export const WireScope = z.strictObject({
  type: z.literal('home-agent/ask-as-me-wire'),
  version: z.literal(1),
  chainId: z.number().int().positive(),
  capabilityId: z.literal('harness.ask'),
  origin: WireOrigin,
  window: TimeWindow,
  /**
   * What the app may have answered, signed with the rest. Absent on wires signed before read scopes: those read only
   * the folders of the app's own cabinet grant.
   */
  read: WireRead.optional(),
});
export type WireScope = z.infer<typeof WireScope>;

export const GrantScope = z.strictObject({
  type: z.literal('home-agent/cabinet-grant'),
  version: z.literal(1),
  chainId: z.number().int().positive(),
  capabilityId: z.literal('cabinet.read'),
  origin: WireOrigin,
  /** Sorted and unique, so one set of folders has one digest. */
  folders: z
    .array(CabinetFolder)
    .min(1)
    .max(6)
    .refine(
      (folders) => folders.every((folder, i) => i === 0 || folders[i - 1]! < folder),
      'folders sorted, each once',
    ),
  window: TimeWindow,
});
export type GrantScope = z.infer<typeof GrantScope>;

export const Mandate = z.strictObject({ delegation: Delegation, scope: MandateScope });
export type Mandate = z.infer<typeof Mandate>;

/**
 * A child mandate with the chain it stands on, leaf first (the order `redeemDelegations` takes): each link's
 * `authority` is the hash of the next, its delegator the next one's delegate, and the last is the root the person
 * signed. Each link carries its own scope, at most its parent's (src/wallet/mandates/verify-child.ts).
 */
export const MandateChain = z.array(Mandate).min(2).max(4);
export type MandateChain = z.infer<typeof MandateChain>;
export const AskAsMeWire = z.strictObject({ delegation: Delegation, scope: WireScope });
export type AskAsMeWire = z.infer<typeof AskAsMeWire>;
export const CabinetGrant = z.strictObject({ delegation: Delegation, scope: GrantScope });
export type CabinetGrant = z.infer<typeof CabinetGrant>;

/**
 * A co-signature (DESIGN §3, §10): another person's Smart Agent signs that it approves `approvalDigest` at `iat`.
 * Fresh means `iat` within five minutes of the check. `approver` is inside what is signed.
 */
export const ApprovalPayload = z.strictObject({
  type: z.literal('home-agent/approval'),
  version: z.literal(1),
  chainId: z.number().int().positive(),
  approvalDigest: DigestSchema,
  approver: AddressSchema,
  iat: UnixSeconds,
});
export type ApprovalPayload = z.infer<typeof ApprovalPayload>;

export const Approval = z.strictObject({ payload: ApprovalPayload, signature: SignatureHex });
export type Approval = z.infer<typeof Approval>;

/** A SIWE message (EIP-4361 text) and its signature (ERC-6492-wrapped for any verifier but the person's own agent). */
export const SiweProof = z.strictObject({ message: z.string().min(1).max(4096), signature: SignatureHex });
export type SiweProof = z.infer<typeof SiweProof>;

/**
 * A redemption recorded before it is sent (DESIGN §10 reconcile): the signed transaction and what identifies it.
 * The vault stores it; after a crash the wallet's reconcileRedemption reads the chain for it.
 */
export const PreparedRedemption = z.strictObject({
  chainId: z.number().int().positive(),
  delegationHash: DigestSchema,
  redeemer: AddressSchema,
  nonce: z.number().int().nonnegative(),
  calldata: hexBytes(64 * 1024),
  rawTransaction: hexBytes(64 * 1024),
  transactionHash: DigestSchema,
});
export type PreparedRedemptionRecord = z.infer<typeof PreparedRedemption>;

/** Why a verifier refused: stable codes; each refusal also carries a sentence a person understands. */
export const VerificationCode = z.enum([
  'BAD_INPUT',
  'SIGNATURE_INVALID',
  'REVOKED',
  'EXPIRED',
  'NOT_YET_VALID',
  'NOT_FRESH',
  'WRONG_ACCOUNT',
  'WRONG_DELEGATE',
  'WRONG_CHAIN',
  'WRONG_ORIGIN',
  'CAVEAT_MISMATCH',
  'BINDING_MISMATCH',
  'CALLS_EXHAUSTED',
  'NONCE_REUSED',
  'FOLDER_NOT_GRANTED',
  'QUORUM_NOT_MET',
  'CHAIN_UNAVAILABLE',
  'CHILD_WIDER',
  'PARENT_REVOKED',
  'CHAIN_GAP',
  'WRONG_ADDRESSEE',
  'WRONG_AUDIENCE',
]);
export type VerificationCode = z.infer<typeof VerificationCode>;

export const Refusal = z.strictObject({
  ok: z.literal(false),
  code: VerificationCode,
  message: z.string().min(1).max(500),
});
export type Refusal = z.infer<typeof Refusal>;
