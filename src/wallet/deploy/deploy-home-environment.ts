import { deployDeleGatorEnvironment } from '@metamask/delegation-toolkit/utils';
import {
  createWalletClient,
  custom,
  getAddress,
  parseEther,
  toHex,
  type Address,
  type Chain,
  type PublicClient,
  type Transport,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { HomeError } from '../../protocol/errors';
import { DEPLOYER_ADDRESS, DEPLOYER_PRIVATE_KEY } from './deployer';
import { DEPLOYMENT_ORDER, deterministicAddress, HOME_USDC } from './environment';
import { TEST_USDC_BYTECODE } from './usdc/usdc';

export type DeployHomeEnvironmentReturnType = { deployed: boolean };

/**
 * Puts the Delegation Framework (npm bytecode, via the toolkit's `deployDeleGatorEnvironment`) and the test USDC on a
 * fresh local chain — the embedded EVM or anvil, both of which fund the deployer with `anvil_setBalance` — from the
 * deployer's nonce 0, then checks every address against HOME_ENVIRONMENT. Idempotent: a chain that already has the
 * last contract is left alone. A chain whose deployer already spent nonces gets a refusal, never other addresses.
 */
export async function deployHomeEnvironment(
  client: PublicClient<Transport, Chain>,
): Promise<DeployHomeEnvironmentReturnType> {
  if ((await client.getCode({ address: HOME_USDC })) !== undefined) return { deployed: false };
  const nonce = await client.getTransactionCount({ address: DEPLOYER_ADDRESS });
  if (nonce !== 0) {
    throw new HomeError(
      'CHAIN_NOT_FRESH',
      'This chain is not fresh: its deployer already sent transactions, so the Home Agent contracts cannot land at their fixed addresses.',
    );
  }
  await client.request({ method: 'anvil_setBalance', params: [DEPLOYER_ADDRESS, toHex(parseEther('1000'))] } as never);
  const account = privateKeyToAccount(DEPLOYER_PRIVATE_KEY);
  // The deployer signs locally and sends through the same client (embedded provider or HTTP).
  const walletClient = createWalletClient({
    account,
    chain: client.chain,
    transport: custom({ request: client.request }),
    pollingInterval: client.pollingInterval,
  });
  const environment = await deployDeleGatorEnvironment(walletClient, client, client.chain);
  const usdc = await walletClient.deployContract({
    abi: [],
    bytecode: TEST_USDC_BYTECODE,
    account,
    chain: client.chain,
  });
  const receipt = await client.waitForTransactionReceipt({ hash: usdc });
  const found: Record<string, Address> = {
    ...environment.caveatEnforcers,
    ...environment.implementations,
    DelegationManager: environment.DelegationManager,
    EntryPoint: environment.EntryPoint,
    SimpleFactory: environment.SimpleFactory,
    TestUSDC: receipt.contractAddress ?? '0x',
  };
  for (const name of DEPLOYMENT_ORDER) {
    if (name === 'SCL_RIP7212') continue; // a library the toolkit links into HybridDeleGator; not in the environment
    const at = found[name];
    if (at === undefined || getAddress(at) !== deterministicAddress(name)) {
      throw new HomeError(
        'DEPLOYMENT_MISMATCH',
        `The ${name} contract landed at ${at ?? 'no address'}, not at its fixed address; this chain cannot be used.`,
      );
    }
  }
  return { deployed: true };
}
