import type { Hex } from 'viem';
import type { IntentBinding, MandateCaveats } from '../../protocol/harness-reply';
import type { ModelPort } from './model-port';
import type { ForwardedQuery, ForwardedVerdict } from './rooms';
import type { Address } from './vocabulary';
import type { VaultPort } from './vault-port';

export type * from './vocabulary';
export type { VaultPort } from './vault-port';

/**
 * What the harness may ask of the world (DESIGN §6). The harness imports no browser API, no Dexie, no network:
 * every effect goes through one of these ports, implemented by src/adapters (the vault on Dexie, the wallet on the
 * embedded chain, the Anthropic model) and, for tests, by src/harness/testing (in-memory fakes shipped with it).
 *
 * Ports answer expected outcomes as values (`{ ok: false, code, reason }`) and throw only for I/O failures; the
 * harness treats a throw as "the world broke" and fails closed.
 */
// ───────────────────────────── authority (the wallet) ─────────────────────────────

export type MandateSummary = {
  hash: Hex;
  capability: string;
  delegator: Address;
  bindingDigest: Hex;
  issuedAt: number;
};

/** The wallet's verdict on a mandate: signature (ERC-1271 / ERC-6492), not revoked (disabledDelegations), calls left. */
export type MandateVerdict =
  | {
      ok: true;
      hash: Hex;
      delegator: Address;
      delegate: Address;
      capability: string;
      /** The binding recovered from what was signed; the harness compares it with the step's own. */
      binding: IntentBinding;
      bindingDigest: Hex;
      caveats: MandateCaveats;
      /** Seconds since the epoch, inside what was signed (fresh authorization, DESIGN §10). */
      issuedAt: number;
      callsUsed: number;
    }
  | { ok: false; code: string; reason: string };

/** What a signature over a harness digest is for: an app's caller assertion, or a second party's approval. */
export type SignaturePurpose = 'caller-assertion' | 'approval';

export type SignatureVerdict = { ok: true } | { ok: false; code: string; reason: string };

/** An ask-as-me wire, verified: signature by ERC-1271 and not revoked (DESIGN §3). */
export type WireVerdict =
  | {
      ok: true;
      hash: Hex;
      delegator: Address;
      delegate: Address;
      capability: string;
      origin: string;
      notBefore: number;
      notAfter: number;
      /** What the app may have answered, as signed; absent on a wire signed before read scopes. */
      read?: { folders: readonly string[]; kinds: readonly string[] };
    }
  | { ok: false; code: string; reason: string };

export interface AuthorityPort {
  /** The harness agent: the delegate of every mandate (DESIGN §2). */
  harnessAgent(): Promise<Address>;
  /** Mandates in the keyring from this delegator for this capability (newest first); the harness checks each. */
  mandatesFor(query: { delegator: Address; delegate: Address; capability: string }): Promise<MandateSummary[]>;
  /** Mandates held for a delegator, for the planner's "ALREADY granted" line. */
  held(delegator: Address): Promise<MandateSummary[]>;
  /**
   * Signature, revocation, window and calls: everything that needs keys or the chain. `now` in seconds. With
   * `binding` (the step's own), a mandate signed for another intent is refused, naming what differs.
   */
  verifyMandate(query: { hash: Hex; now: number; binding?: IntentBinding }): Promise<MandateVerdict>;
  /**
   * Counts one call of a mandate for one effect (the limited-calls caveat, DESIGN §10); atomic and idempotent per
   * effectKey, so a resumed step that already holds its call is not refused for the call it holds.
   */
  consumeCall(query: {
    hash: Hex;
    effectKey: Hex;
  }): Promise<{ ok: true; callsLeft: number } | { ok: false; code: string; reason: string }>;
  /**
   * A Smart Agent's (ERC-1271 / ERC-6492) or an app key's signature over a digest, for one purpose: what is signed
   * names the purpose, so a co-signer's approval can never pass as an app's caller assertion, or the reverse.
   */
  verifySignature(query: {
    signer: Address;
    digest: Hex;
    signature: Hex;
    purpose: SignaturePurpose;
  }): Promise<SignatureVerdict>;
  verifyWire(query: { hash: Hex; now: number }): Promise<WireVerdict>;
  /**
   * A hand-off (seed 001 step 9.2): derives a child mandate from `mandateHash` for `delegate` — a redelegation whose
   * authority is the parent's hash, at most the parent's caveats, narrowed to this step's amount and recipient —
   * signed by the harness agent. Refused in words when the parent is not verifiable or the child would be wider.
   */
  handOff(query: {
    mandateHash: Hex;
    delegate: Address;
    narrowing: { maxAmount?: string; recipient?: Address; calls?: number };
  }): Promise<HandOffVerdict>;
  /**
   * A forwarded credential on a routed hop (seed 001 step 0.3): its lifetime, receiver, addressee, audience, body and
   * the router's signature (ERC-1271 / ERC-6492), then its nonce spent once. Absent: this Home receives no routed step.
   */
  verifyForwarded?(query: ForwardedQuery): Promise<ForwardedVerdict>;
}

export type HandOffVerdict =
  | { ok: true; childHash: Hex; parentHash: Hex; delegate: Address; credential: unknown }
  | { ok: false; code: string; reason: string };

// ───────────────────────────── the chain ─────────────────────────────

export type ReconcileResult =
  { kind: 'found'; txHash: Hex; blockNumber: number } | { kind: 'absent' } | { kind: 'indeterminate'; reason: string };

export type RedeemOutcome =
  | { txHash: Hex; blockNumber: number; status: 'success' | 'reverted' }
  | { status: 'refused'; code: string; reason: string };

export interface ChainPort {
  balanceOf(query: { token: 'usdc'; holder: Address }): Promise<{ amount: string; decimals: number }>;
  /**
   * Redeems the mandate through the DelegationManager: the caveats are enforced on chain. `refused`: the chain would
   * not accept it (simulated first: revoked, over the amount, not enough funds) or no key could sign, so nothing was sent.
   */
  redeemTransfer(query: {
    mandateHash: Hex;
    token: 'usdc';
    to: Address;
    amount: string;
    effectKey: Hex;
  }): Promise<RedeemOutcome>;
  /** Did this exact effect already happen? By the recorded tx hash, else by the mandate's redemption on chain. */
  reconcile(query: { effectKey: Hex; mandateHash: Hex; txHash?: Hex }): Promise<ReconcileResult>;
}

// ───────────────────────────── outside agents, effects, time, ids, trace ─────────────────────────────

export type RemoteAnswer =
  | { kind: 'answer'; agent: string; cardDigest: Hex; text: string; data?: Record<string, unknown> }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'unavailable'; reason: string };

export interface RemoteAgentPort {
  /** One A2A message to an outside agent; the adapter enforces `timeoutMs` and pins the card digest. */
  send(query: {
    agent: string;
    capability: string;
    text: string;
    asker: Address;
    data?: Record<string, unknown>;
    timeoutMs: number;
  }): Promise<RemoteAnswer>;
}

export type DeclaredEffect = {
  effect: string;
  runRef: string;
  stepRef: string;
  toolId: string;
  receiptId: string;
  subject: Address;
};
export interface EffectSinkPort {
  emit(effect: DeclaredEffect): Promise<void>;
}

export interface ClockPort {
  /** Milliseconds since the epoch. */
  now(): number;
}

export interface IdPort {
  /** A fresh, unguessable id for a run, a receipt, … (the adapter uses crypto.randomUUID). */
  next(kind: 'run' | 'receipt' | 'artifact'): string;
}

export type AuditEvent = {
  type: string;
  runRef: string;
  stepRef?: string;
  at: number;
  detail?: Record<string, unknown>;
};
export interface TracePort {
  event(event: AuditEvent): void;
}

/** Every port the harness uses. `model: null` means no model is configured: compiled shapes and the rule-based planner. */
export type Ports = {
  model: ModelPort | null;
  vault: VaultPort;
  authority: AuthorityPort;
  chain: ChainPort;
  agents: RemoteAgentPort;
  effects: EffectSinkPort;
  clock: ClockPort;
  ids: IdPort;
  trace: TracePort;
};
