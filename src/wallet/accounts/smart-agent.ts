import { ERC1967Proxy, HybridDeleGator, SimpleFactory } from '@metamask/delegation-abis';
import { ERC1967Proxy as ERC1967ProxyBytecode } from '@metamask/delegation-abis/bytecode';
import {
  concat,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  pad,
  type Address,
  type Hex,
} from 'viem';
import { HOME_ENVIRONMENT } from '../deploy/environment';
import type { FrameworkEnvironment } from '../deploy/framework-environment';

/**
 * A person's (or an organization's) Smart Agent: a MetaMask HybridDeleGator owned by an owner key, at the CREATE2
 * address the SimpleFactory gives (owner, salt) — known before it is deployed (DESIGN §2). `factory` and
 * `factoryData` deploy it; they are also what an ERC-6492 signature carries while it is counterfactual.
 */
export type SmartAgent = {
  address: Address;
  owner: Address;
  salt: Hex;
  factory: Address;
  factoryData: Hex;
};

/**
 * The Smart Agent of (owner, salt) on a framework deployment (the deterministic one by default): an ERC1967Proxy to
 * the HybridDeleGator implementation, initialised with the owner as its only (ECDSA) signer and no P-256 keys,
 * created by `SimpleFactory.deploy(proxy init code, salt)`.
 */
export async function smartAgentOf(
  owner: Address,
  salt: Hex,
  environment: FrameworkEnvironment = HOME_ENVIRONMENT,
): Promise<SmartAgent> {
  const implementation = environment.implementations.HybridDeleGatorImpl;
  if (implementation === undefined) throw new Error('this framework deployment has no HybridDeleGator');
  const initialize = encodeFunctionData({
    abi: HybridDeleGator,
    functionName: 'initialize',
    args: [getAddress(owner), [], [], []],
  });
  const proxyInitCode = encodeDeployData({
    abi: ERC1967Proxy,
    bytecode: ERC1967ProxyBytecode,
    args: [implementation, initialize],
  });
  const deploySalt = pad(salt, { dir: 'left', size: 32 });
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: environment.SimpleFactory,
    salt: deploySalt,
    bytecode: proxyInitCode,
  });
  return {
    address: getAddress(address),
    owner: getAddress(owner),
    salt,
    factory: environment.SimpleFactory,
    factoryData: encodeFunctionData({ abi: SimpleFactory, functionName: 'deploy', args: [proxyInitCode, deploySalt] }),
  };
}

/** The ERC-4337 v0.7 `initCode` (factory ‖ factoryData) that deploys the account inside a user operation. */
export function initCodeOf(agent: SmartAgent): Hex {
  return concat([agent.factory, agent.factoryData]);
}
