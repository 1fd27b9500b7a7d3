import { SimpleFactory } from '@metamask/delegation-abis';
import {
  decodeFunctionData,
  getContractAddress,
  isAddressEqual,
  parseErc6492Signature,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem';
import { HomeError } from '../../protocol/errors';
import { isDeployed } from '../accounts/is-deployed';
import { sendFromLocalAccount } from '../chain/send-transaction';
import type { WalletChain } from '../chain/wallet-chain';

/**
 * Deploys a counterfactual delegator from the deployment its ERC-6492 signature carries — but only a deployment
 * that is exactly "SimpleFactory.deploy(bytecode, salt)" on this chain's framework and lands at the delegator's
 * address. Anything else is refused: the wrapper comes from outside, and the harness agent must never send whatever
 * call a signature happens to carry.
 */
export async function deployFromWrapper(
  chain: WalletChain,
  delegator: Address,
  signature: Hex,
  submitter: LocalAccount,
): Promise<void> {
  if (await isDeployed(chain, delegator)) return;
  const wrapper = parseErc6492Signature(signature);
  if (
    wrapper.address === undefined ||
    wrapper.data === undefined ||
    !isAddressEqual(wrapper.address, chain.environment.SimpleFactory)
  ) {
    throw new HomeError(
      'SIGNATURE_INVALID',
      'The delegator is not deployed and its signature carries no deployment through the framework’s factory.',
    );
  }
  let args: readonly unknown[] | undefined;
  try {
    ({ args } = decodeFunctionData({ abi: SimpleFactory, data: wrapper.data }));
  } catch {
    args = undefined;
  }
  const [bytecode, salt] = (args ?? []) as [Hex | undefined, Hex | undefined];
  if (
    bytecode === undefined ||
    salt === undefined ||
    !isAddressEqual(getContractAddress({ opcode: 'CREATE2', from: wrapper.address, salt, bytecode }), delegator)
  ) {
    throw new HomeError('SIGNATURE_INVALID', 'The deployment this signature carries is not the delegator’s account.');
  }
  await sendFromLocalAccount(chain, submitter, { to: wrapper.address, data: wrapper.data });
  if (!(await isDeployed(chain, delegator)))
    throw new HomeError('DEPLOY_FAILED', `The account ${delegator} could not be deployed.`);
}
