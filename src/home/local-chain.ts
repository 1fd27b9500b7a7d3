import { getBalance } from 'viem/actions';
import { privateKeyToAccount } from 'viem/accounts';
import type { Address, Hex } from 'viem';
import { fundOnLocalChain, HOME_ENVIRONMENT, mintTestUsdc, usdcBalanceOf, type WalletChain } from '../wallet';

/** Enough ether for the harness agent's transactions on a local chain (it has no standing; gas only). */
const HARNESS_FUNDS = 10n ** 20n;
/** The demo's test USDC for Alice's default payer: 1,000 USDC (6 decimals). */
const DEMO_USDC = 1_000n * 10n ** 6n;

/** True on the extension's own chain (embedded, or a node with the same deterministic deployment). */
export function isLocalChain(chain: WalletChain): boolean {
  return chain.environment.DelegationManager === HOME_ENVIRONMENT.DelegationManager;
}

/**
 * Makes sure the harness agent can pay for gas on a local chain (DESIGN §10: it is funded there so it can submit
 * the account's operations). On any other chain it is the person's business, and nothing is done.
 */
export async function fundHarnessIfLocal(chain: WalletChain, harnessKey: Hex): Promise<void> {
  if (!isLocalChain(chain)) return;
  const harness = privateKeyToAccount(harnessKey).address;
  if ((await getBalance(chain.client, { address: harness })) > 0n) return;
  await fundOnLocalChain(chain, harness, HARNESS_FUNDS);
}

/** The demo profile's money: Alice's Smart Agent holds test USDC on the local chain (minted once). */
export async function mintDemoUsdc(chain: WalletChain, harnessKey: Hex, payer: Address): Promise<void> {
  if (!isLocalChain(chain) || chain.usdc === undefined) return;
  await fundHarnessIfLocal(chain, harnessKey);
  if ((await usdcBalanceOf(chain, payer)) > 0n) return;
  await mintTestUsdc(chain, { to: payer, amount: DEMO_USDC, sender: privateKeyToAccount(harnessKey) });
}
