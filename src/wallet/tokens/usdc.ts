import { encodeFunctionData, type Address, type Hex, type LocalAccount } from 'viem';
import { readContract } from 'viem/actions';
import { HomeError } from '../../protocol/errors';
import { sendFromLocalAccount } from '../chain/send-transaction';
import type { WalletChain } from '../chain/wallet-chain';
import { testUsdcAbi } from '../deploy/usdc/usdc';

function tokenOf(chain: WalletChain): Address {
  if (chain.usdc === undefined) throw new HomeError('NO_TOKEN', 'No USDC token is configured for this chain.');
  return chain.usdc;
}

/** USDC balance of an account (6 decimals: 1 USDC = 1_000_000). */
export async function usdcBalanceOf(chain: WalletChain, account: Address): Promise<bigint> {
  return readContract(chain.client, {
    address: tokenOf(chain),
    abi: testUsdcAbi,
    functionName: 'balanceOf',
    args: [account],
  });
}

/** Mints test USDC on a Home Agent chain (the test token's `mint` is open; a real USDC has none). */
export async function mintTestUsdc(
  chain: WalletChain,
  p: { to: Address; amount: bigint; sender: LocalAccount },
): Promise<Hex> {
  const data = encodeFunctionData({ abi: testUsdcAbi, functionName: 'mint', args: [p.to, p.amount] });
  const { hash, receipt } = await sendFromLocalAccount(chain, p.sender, { to: tokenOf(chain), data });
  if (receipt.status !== 'success')
    throw new HomeError('MINT_FAILED', `Minting test USDC failed (transaction ${hash}).`);
  return hash;
}

/** The calldata of `transfer(to, amount)`: the execution a payment mandate allows. */
export function usdcTransferCall(
  chain: WalletChain,
  to: Address,
  amount: bigint,
): { target: Address; value: bigint; callData: Hex } {
  return {
    target: tokenOf(chain),
    value: 0n,
    callData: encodeFunctionData({ abi: testUsdcAbi, functionName: 'transfer', args: [to, amount] }),
  };
}
