import type { Address, Hex } from 'viem';
import { AskAsMeWire } from '../../protocol/delegation';
import type { WalletChain } from '../chain/wallet-chain';
import { refuse, type Verdict, guarded } from './verdict';
import { verifyScopedDelegation } from './verify-scoped-delegation';

export type VerifyWireParameters = {
  wire: unknown;
  now: number;
  /** The person whose agent is asked (the wire must come from their Smart Agent). */
  delegator?: Address;
  /** The app's agent presenting it. */
  delegate?: Address;
  /** The origin of the page presenting it, as the browser reported it (never as the page claims). */
  origin?: string;
};

/** An ask-as-me wire: a delegation pinned to `harness.ask`, time-bounded, for one app origin (DESIGN §3). */
export async function verifyWire(
  chain: WalletChain,
  p: VerifyWireParameters,
): Promise<Verdict<{ wire: AskAsMeWire; delegationHash: Hex }>> {
  return guarded('wire', () => _verifyWire(chain, p));
}

async function _verifyWire(
  chain: WalletChain,
  p: VerifyWireParameters,
): Promise<Verdict<{ wire: AskAsMeWire; delegationHash: Hex }>> {
  const checked = await verifyScopedDelegation(chain, p.wire, AskAsMeWire, {
    now: p.now,
    delegator: p.delegator,
    delegate: p.delegate,
  });
  if (!checked.ok) return checked;
  if (p.origin !== undefined && checked.value.scope.origin !== p.origin) {
    return refuse('WRONG_ORIGIN', `This wire was given to ${checked.value.scope.origin}, not to ${p.origin}.`);
  }
  return { ok: true, wire: checked.value, delegationHash: checked.delegationHash };
}
