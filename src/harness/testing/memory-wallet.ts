import { getAddress, keccak256, concat, recoverAddress, type Hex } from 'viem';
import { privateKeyToAddress, sign } from 'viem/accounts';
import { digestOf } from '../../protocol/digest';
import { bindingProblem } from '../../protocol/intent-binding';
import type { IntentBinding, MandateCaveats, Requirement } from '../../protocol/harness-reply';
import type {
  Address,
  AuthorityPort,
  MandateSummary,
  MandateVerdict,
  SignatureVerdict,
  WireVerdict,
  HandOffVerdict,
} from '../kernel/ports';

/**
 * An in-memory wallet for the harness's tests: Smart Agents as (owner key, salt) pairs, signatures as real
 * secp256k1 over a digest that binds the account address (as a HybridDeleGator's ERC-1271 check must, DESIGN §3),
 * mandates and ask-as-me wires as signed records, revocation as a set. It stands in for src/wallet (MetaMask
 * delegations on the embedded chain) until the adapters land; the scenarios run over both.
 */
export type StoredMandate = {
  hash: Hex;
  delegator: Address;
  delegate: Address;
  capability: string;
  binding: IntentBinding;
  bindingDigest: Hex;
  caveats: MandateCaveats;
  issuedAt: number;
  signature: Hex;
};
export type StoredWire = {
  hash: Hex;
  delegator: Address;
  delegate: Address;
  capability: string;
  origin: string;
  notBefore: number;
  notAfter: number;
  /** What the app may have answered (signed with the rest); absent: a wire signed before read scopes. */
  read?: { folders: string[]; kinds: string[] };
  signature: Hex;
};

/** A fake Smart Agent address for (owner, salt): stable, distinct per salt, owned by the key. */
export const fakeSmartAgent = (owner: Address, salt: Hex): Address =>
  getAddress(`0x${keccak256(concat([owner, salt])).slice(-40)}`);

/** What an account signs: the digest with the account bound in, so a same-owner signature cannot move accounts. */
const accountDigest = (account: Address, digest: Hex): Hex => digestOf({ account: account.toLowerCase(), digest });

export class MemoryWallet implements AuthorityPort {
  readonly owners = new Map<string, Hex>();
  readonly mandates = new Map<string, StoredMandate>();
  readonly wires = new Map<string, StoredWire>();
  readonly revoked = new Set<string>();
  readonly calls = new Map<string, Set<string>>();

  constructor(readonly harnessAgentAddress: Address) {}

  /** Registers a Smart Agent owned by `ownerKey` (or an EOA when salt is null). */
  addAccount(ownerKey: Hex, salt: Hex | null): Address {
    const address = salt === null ? privateKeyToAddress(ownerKey) : fakeSmartAgent(privateKeyToAddress(ownerKey), salt);
    this.owners.set(address.toLowerCase(), ownerKey);
    return address;
  }

  async signAs(account: Address, key: Hex, digest: Hex): Promise<Hex> {
    const isEoa = privateKeyToAddress(key).toLowerCase() === account.toLowerCase();
    return sign({ hash: isEoa ? digest : accountDigest(account, digest), privateKey: key, to: 'hex' });
  }

  /** The person signs the requirement at their Home: a mandate with the requirement's binding and caveats. */
  async signMandate(requirement: Requirement, key: Hex, issuedAt: number): Promise<StoredMandate> {
    const body = {
      delegator: requirement.delegator,
      delegate: requirement.delegate,
      capability: requirement.capability,
      bindingDigest: requirement.bindingDigest,
      caveats: requirement.caveats,
      issuedAt,
    };
    const hash = digestOf(body);
    const mandate: StoredMandate = {
      ...body,
      hash,
      binding: requirement.binding,
      signature: await this.signAs(requirement.delegator, key, hash),
    };
    this.mandates.set(hash, mandate);
    return mandate;
  }

  async grantWire(input: {
    delegator: Address;
    delegate: Address;
    origin: string;
    notBefore: number;
    notAfter: number;
    key: Hex;
    capability?: string;
    read?: { folders: string[]; kinds: string[] };
  }): Promise<StoredWire> {
    const body = {
      delegator: input.delegator,
      delegate: input.delegate,
      capability: input.capability ?? 'harness.ask',
      origin: input.origin,
      notBefore: input.notBefore,
      notAfter: input.notAfter,
      ...(input.read !== undefined ? { read: { folders: [...input.read.folders], kinds: [...input.read.kinds] } } : {}),
    };
    const hash = digestOf(body);
    const wire = { ...body, hash, signature: await this.signAs(input.delegator, input.key, hash) };
    this.wires.set(hash, wire);
    return wire;
  }

  private async signedBy(account: Address, digest: Hex, signature: Hex): Promise<boolean> {
    const key = this.owners.get(account.toLowerCase());
    if (key === undefined) return false;
    const isEoa = privateKeyToAddress(key).toLowerCase() === account.toLowerCase();
    try {
      const signer = await recoverAddress({ hash: isEoa ? digest : accountDigest(account, digest), signature });
      return signer.toLowerCase() === privateKeyToAddress(key).toLowerCase();
    } catch {
      return false;
    }
  }

  async harnessAgent(): Promise<Address> {
    return this.harnessAgentAddress;
  }

  async mandatesFor(q: { delegator: Address; delegate: Address; capability: string }): Promise<MandateSummary[]> {
    return [...this.mandates.values()]
      .filter(
        (m) =>
          m.delegator.toLowerCase() === q.delegator.toLowerCase() &&
          m.delegate.toLowerCase() === q.delegate.toLowerCase() &&
          m.capability === q.capability,
      )
      .map((m) => ({
        hash: m.hash,
        capability: m.capability,
        delegator: m.delegator,
        bindingDigest: m.bindingDigest,
        issuedAt: m.issuedAt,
      }))
      .sort((a, b) => b.issuedAt - a.issuedAt);
  }

  async held(delegator: Address): Promise<MandateSummary[]> {
    return [...this.mandates.values()]
      .filter((m) => m.delegator.toLowerCase() === delegator.toLowerCase() && !this.revoked.has(m.hash))
      .map((m) => ({
        hash: m.hash,
        capability: m.capability,
        delegator: m.delegator,
        bindingDigest: m.bindingDigest,
        issuedAt: m.issuedAt,
      }));
  }

  async verifyMandate(q: { hash: Hex; now: number; binding?: IntentBinding }): Promise<MandateVerdict> {
    const m = this.mandates.get(q.hash);
    if (m === undefined)
      return { ok: false, code: 'MANDATE_NOT_FOUND', reason: 'No mandate with that hash is in your keyring.' };
    if (!(await this.signedBy(m.delegator, m.hash, m.signature)))
      return {
        ok: false,
        code: 'MANDATE_BAD_SIGNATURE',
        reason: 'The mandate’s signature does not verify for the account it names.',
      };
    if (this.revoked.has(m.hash))
      return { ok: false, code: 'MANDATE_REVOKED', reason: 'That mandate was revoked; it can no longer be used.' };
    // The wallet's one binding check, the very same comparison (src/protocol/intent-binding.ts).
    const problem =
      q.binding === undefined ? null : bindingProblem(m, { binding: q.binding, bindingDigest: digestOf(q.binding) });
    if (problem !== null) return { ok: false, code: problem.code, reason: problem.reason };
    return {
      ok: true,
      hash: m.hash,
      delegator: m.delegator,
      delegate: m.delegate,
      capability: m.capability,
      binding: m.binding,
      bindingDigest: m.bindingDigest,
      caveats: m.caveats,
      issuedAt: m.issuedAt,
      callsUsed: this.calls.get(m.hash)?.size ?? 0,
    };
  }

  async consumeCall(q: {
    hash: Hex;
    effectKey: Hex;
  }): Promise<{ ok: true; callsLeft: number } | { ok: false; code: string; reason: string }> {
    const m = this.mandates.get(q.hash);
    if (m === undefined) return { ok: false, code: 'MANDATE_NOT_FOUND', reason: 'No such mandate.' };
    const used = this.calls.get(q.hash) ?? new Set<string>();
    if (!used.has(q.effectKey) && used.size >= m.caveats.calls)
      return { ok: false, code: 'MANDATE_EXHAUSTED', reason: 'The mandate has no calls left: it was already used.' };
    used.add(q.effectKey);
    this.calls.set(q.hash, used);
    return { ok: true, callsLeft: m.caveats.calls - used.size };
  }

  async verifySignature(q: { signer: Address; digest: Hex; signature: Hex }): Promise<SignatureVerdict> {
    return (await this.signedBy(q.signer, q.digest, q.signature))
      ? { ok: true }
      : { ok: false, code: 'BAD_SIGNATURE', reason: 'the signature does not verify for that account' };
  }

  async verifyWire(q: { hash: Hex; now: number }): Promise<WireVerdict> {
    const w = this.wires.get(q.hash);
    if (w === undefined)
      return { ok: false, code: 'WIRE_NOT_FOUND', reason: 'No grant to ask on your behalf matches.' };
    if (!(await this.signedBy(w.delegator, w.hash, w.signature)))
      return { ok: false, code: 'WIRE_BAD_SIGNATURE', reason: 'The grant’s signature does not verify.' };
    if (this.revoked.has(w.hash))
      return { ok: false, code: 'WIRE_REVOKED', reason: 'You revoked that app’s grant to ask on your behalf.' };
    return {
      ok: true,
      hash: w.hash,
      delegator: w.delegator,
      delegate: w.delegate,
      capability: w.capability,
      origin: w.origin,
      notBefore: w.notBefore,
      notAfter: w.notAfter,
      ...(w.read !== undefined ? { read: w.read } : {}),
    };
  }

  /** No child mandates here: the in-memory wallet signs no delegations (the real wallet does, src/wallet). */
  async handOff(): Promise<HandOffVerdict> {
    return { ok: false, code: 'NO_HAND_OFF', reason: 'This wallet cannot hand a mandate on; nothing was done.' };
  }
}
