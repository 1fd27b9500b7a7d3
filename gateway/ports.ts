import type { CallerAssertion } from '../src/protocol/ask';

/**
 * What the gateway asks of the world, as small ports (STYLE: injectable side effects). The composition root
 * (gateway/main.ts) wires them: the system clock, random ids, and the wallet's verifiers on the gateway's own embedded
 * chain (or an RPC). Tests wire the same real verifiers with a fixed clock.
 *
 * Every verifier fails closed: anything but `{ ok: true }` is a refusal, and its `reason` is the sentence the caller
 * sees.
 */
export type Clock = { now(): Date };
export type Ids = { next(prefix: string): string };

export type Verdict<T = object> = ({ ok: true } & T) | { ok: false; reason: string };

/** Sign-in with Ethereum: verifies a SIWE message signed by a Smart Agent (ERC-1271, or ERC-6492 while counterfactual). */
export type SiweVerifier = {
  verify(input: { message: string; signature: `0x${string}` }): Promise<Verdict<{ address: `0x${string}` }>>;
};

/** The cabinet folders a person's grant lets HeartCoach read, after the grant is verified (signature, not revoked). */
export type CabinetGrantVerdict = Verdict<{ folders: readonly string[]; grantHash: string }>;

/** A member's practice grant: the delegation from the practice's Smart Agent scoped to their roles' capabilities. */
export type PracticeGrantVerdict = Verdict<{ capabilities: readonly string[]; grantHash: string }>;

/** An ask-as-me wire a person granted HeartCoach's agent: `harness.ask`, their origin, until `expiresAt`. */
export type WireVerdict = Verdict<{
  person: `0x${string}`;
  delegate: `0x${string}`;
  origin: string;
  expiresAt: string;
  wireHash: string;
}>;

/**
 * Verifies delegations (DESIGN §3, §10). Each checks the signature by ERC-1271/6492 for the delegator's address,
 * that the delegate is who it must be, and `disabledDelegations` (a valid signature says nothing about revocation).
 */
export type GrantVerifier = {
  verifyCabinetGrant(
    grant: unknown,
    expect: { person: `0x${string}`; delegate: `0x${string}` },
  ): Promise<CabinetGrantVerdict>;
  verifyPracticeGrant(
    grant: unknown,
    expect: { practice: `0x${string}`; member: `0x${string}`; capability: string },
  ): Promise<PracticeGrantVerdict>;
  verifyWire(wire: unknown, expect: { delegate: `0x${string}` }): Promise<WireVerdict>;
};

/**
 * HeartCoach's service key (an EOA): the delegate of every cabinet grant and ask-as-me wire, and the signer of caller
 * assertions — the wallet's EIP-712 Home Agent payload over `digestOf(assertion)`, bound to this key's address and the
 * chain, which the person's agent checks against the wire's delegate (src/wallet verifyCallerAssertion).
 */
export type AssertionSigner = {
  readonly address: `0x${string}`;
  signAssertion(assertion: CallerAssertion): Promise<`0x${string}`>;
};

export const systemClock: Clock = { now: () => new Date() };

/** Random, unguessable ids (`<prefix>-<16 hex>`): ids name records, so they must not collide across processes. */
export const randomIds: Ids = {
  next: (prefix) =>
    `${prefix}-${[...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('')}`,
};

/** A fixed clock for tests and demos (GATEWAY_CLOCK): time does not move unless the test moves it. */
export function fixedClock(at: string | Date): Clock & { set(to: string | Date): void; advance(ms: number): void } {
  let now = new Date(at);
  return {
    now: () => new Date(now),
    set: (to) => void (now = new Date(to)),
    advance: (ms) => void (now = new Date(now.getTime() + ms)),
  };
}
