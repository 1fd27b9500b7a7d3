import {
  concat,
  createClient,
  custom,
  encodeAbiParameters,
  getAddress,
  parseEther,
  toHex,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { deployContract } from 'viem/actions';
import type { ChainClient } from '../chain/chain-client';
import { HomeError } from '../../protocol/errors';
import { DEPLOYER_ADDRESS, DEPLOYER_PRIVATE_KEY } from './deployer';
import { DEPLOYMENT_ORDER, deterministicAddress, HOME_USDC, type DeployedName } from './environment';
import { loadFrameworkBytecode } from './framework-bytecode';
import type { FrameworkBytecode } from './framework-contracts';
import { SCL_RIP7212_PLACEHOLDER } from './library-link';
import { TEST_USDC_BYTECODE } from './usdc/usdc';

export type DeployHomeEnvironmentReturnType = { deployed: boolean };

const DEPLOY_GAS = 12_000_000n;

const addresses = (...names: DeployedName[]): Hex =>
  encodeAbiParameters(
    names.map(() => ({ type: 'address' })),
    names.map(deterministicAddress),
  );

/** The init code of each deployment, constructor arguments appended (they name earlier deployments). */
function initCode(name: DeployedName, code: FrameworkBytecode): Hex {
  switch (name) {
    case 'TestUSDC':
      return TEST_USDC_BYTECODE;
    case 'DelegationManager':
      // Its owner can only pause it, and only on a Home Agent chain: the public deployer key.
      return concat([code.DelegationManager, encodeAbiParameters([{ type: 'address' }], [DEPLOYER_ADDRESS])]);
    case 'NativeTokenPaymentEnforcer':
      return concat([code[name], addresses('DelegationManager', 'ArgsEqualityCheckEnforcer')]);
    case 'HybridDeleGatorImpl': {
      const linked = code.HybridDeleGatorImpl.replace(
        SCL_RIP7212_PLACEHOLDER,
        deterministicAddress('SCL_RIP7212').slice(2).toLowerCase(),
      ) as Hex;
      return concat([linked, addresses('DelegationManager', 'EntryPoint')]);
    }
    case 'MultiSigDeleGatorImpl':
    case 'EIP7702StatelessDeleGatorImpl':
      return concat([code[name], addresses('DelegationManager', 'EntryPoint')]);
    default:
      return code[name];
  }
}

/**
 * Puts the Delegation Framework (the npm bytecode of `@metamask/delegation-abis`) and the test USDC on a fresh local
 * chain — the embedded EVM or anvil, both of which fund the deployer with `anvil_setBalance` — in DEPLOYMENT_ORDER
 * from the deployer's nonce 0, checking each receipt's address against its fixed one. Idempotent: a chain that
 * already has the last contract is left alone. A chain whose deployer already spent nonces is refused, never given
 * other addresses.
 */
export async function deployHomeEnvironment(client: ChainClient): Promise<DeployHomeEnvironmentReturnType> {
  if ((await client.getCode({ address: HOME_USDC })) !== undefined) return { deployed: false };
  const nonce = await client.getTransactionCount({ address: DEPLOYER_ADDRESS });
  if (nonce !== 0) {
    throw new HomeError(
      'CHAIN_NOT_FRESH',
      'This chain is not fresh: its deployer already sent transactions, so the Home Agent contracts cannot land at their fixed addresses.',
    );
  }
  await client.request({ method: 'anvil_setBalance', params: [DEPLOYER_ADDRESS, toHex(parseEther('1000'))] } as never);
  const bytecode = await loadFrameworkBytecode();
  const account = privateKeyToAccount(DEPLOYER_PRIVATE_KEY);
  // The deployer signs locally and sends through the same client (embedded provider or HTTP).
  const wallet = createClient({
    account,
    chain: client.chain,
    transport: custom({ request: client.request }),
    pollingInterval: client.pollingInterval,
  });
  for (const [position, name] of DEPLOYMENT_ORDER.entries()) {
    // A fixed gas limit (the largest deployment needs ~5M) spares a full simulation of each deployment.
    const hash = await deployContract(wallet, {
      abi: [],
      bytecode: initCode(name, bytecode),
      nonce: position,
      gas: DEPLOY_GAS,
    });
    // Both local chains mine on arrival, so the receipt is usually there at once; wait only when it is not.
    const receipt =
      (await client.getTransactionReceipt({ hash }).catch(() => undefined)) ??
      (await client.waitForTransactionReceipt({ hash }));
    const at: Address | undefined = receipt.contractAddress ?? undefined;
    if (receipt.status !== 'success' || at === undefined || getAddress(at) !== deterministicAddress(name)) {
      throw new HomeError(
        'DEPLOYMENT_MISMATCH',
        `The ${name} contract landed at ${at ?? 'no address'}, not at its fixed address; this chain cannot be used.`,
      );
    }
  }
  return { deployed: true };
}
