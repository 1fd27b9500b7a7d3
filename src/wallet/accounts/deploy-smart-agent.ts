import type { Hex, LocalAccount } from 'viem';
import { HomeError } from '../../protocol/errors';
import type { WalletChain } from '../chain/wallet-chain';
import { sendFromLocalAccount } from '../chain/send-transaction';
import { isDeployed } from './is-deployed';
import type { SmartAgent } from './smart-agent';

export type DeploySmartAgentReturnType = { deployed: boolean; transactionHash: Hex | undefined };

/**
 * Deploys a Smart Agent on demand (the first redemption needs its code): any funded key sends the factory call;
 * the account is owned by its owner key whoever pays. Already deployed → nothing sent.
 */
export async function deploySmartAgent(
  chain: WalletChain,
  agent: SmartAgent,
  submitter: LocalAccount,
): Promise<DeploySmartAgentReturnType> {
  if (await isDeployed(chain, agent.address)) return { deployed: false, transactionHash: undefined };
  const { hash, receipt } = await sendFromLocalAccount(chain, submitter, {
    to: agent.factory,
    data: agent.factoryData,
  });
  if (receipt.status !== 'success' || !(await isDeployed(chain, agent.address))) {
    throw new HomeError(
      'DEPLOY_FAILED',
      `The Smart Agent ${agent.address} could not be deployed (transaction ${hash}).`,
    );
  }
  return { deployed: true, transactionHash: hash };
}
