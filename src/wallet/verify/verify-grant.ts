import type { Address, Hex } from 'viem';
import { CabinetGrant, type CabinetFolderName } from '../../protocol/delegation';
import type { WalletChain } from '../chain/wallet-chain';
import { refuse, type Verdict, guarded } from './verdict';
import { verifyScopedDelegation } from './verify-scoped-delegation';

export type VerifyGrantParameters = {
  grant: unknown;
  now: number;
  /** The patient whose cabinet it opens. */
  delegator?: Address;
  /** The app's agent (HeartCoach's). */
  delegate?: Address;
  origin?: string;
  /** Folders about to be read or sent: each must be named in the grant. */
  folders?: CabinetFolderName[];
};

/** A cabinet grant: a delegation naming the folders an app may read (DESIGN §10), checked like every delegation. */
export async function verifyGrant(
  chain: WalletChain,
  p: VerifyGrantParameters,
): Promise<Verdict<{ grant: CabinetGrant; delegationHash: Hex }>> {
  return guarded('grant', () => _verifyGrant(chain, p));
}

async function _verifyGrant(
  chain: WalletChain,
  p: VerifyGrantParameters,
): Promise<Verdict<{ grant: CabinetGrant; delegationHash: Hex }>> {
  const checked = await verifyScopedDelegation(chain, p.grant, CabinetGrant, {
    now: p.now,
    delegator: p.delegator,
    delegate: p.delegate,
  });
  if (!checked.ok) return checked;
  const scope = checked.value.scope;
  if (p.origin !== undefined && scope.origin !== p.origin)
    return refuse('WRONG_ORIGIN', `This grant was given to ${scope.origin}, not to ${p.origin}.`);
  const missing = (p.folders ?? []).filter((folder) => !scope.folders.includes(folder));
  if (missing.length > 0) return refuse('FOLDER_NOT_GRANTED', `This grant does not include ${missing.join(', ')}.`);
  return { ok: true, grant: checked.value, delegationHash: checked.delegationHash };
}
