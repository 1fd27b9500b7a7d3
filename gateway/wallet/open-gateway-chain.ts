import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createMemoryChainStateStore } from '../../src/wallet/chain/chain-state-store';
import { HOME_CHAIN_ID } from '../../src/wallet/chain/home-chain';
import { openRpcChain } from '../../src/wallet/chain/open-rpc-chain';
import type { WalletChain } from '../../src/wallet/chain/wallet-chain';
import type { Clock } from '../ports';
import { systemClock } from '../ports';
import { fileChainStateStore } from './file-chain-store';

/**
 * The gateway's chain (DESIGN §7, §10): its own embedded EVM with the same deterministic deployment as every Home
 * Agent chain (persisted to `stateFile`, or in memory), or an RPC endpoint when `rpcUrl` is set — the home deployment
 * on the Home chain id (anvil), the framework's canonical deployments elsewhere.
 */
export async function openGatewayChain(options: {
  rpcUrl?: string;
  stateFile?: string;
  /** A deployed chain's state, copied to `stateFile` when that does not exist yet. */
  template?: string;
  clock: Clock;
}): Promise<WalletChain> {
  if (options.rpcUrl !== undefined && options.rpcUrl !== '') {
    const probe = await openRpcChain({ url: options.rpcUrl, deployment: 'home', pollingInterval: 50 });
    return probe.chainId === HOME_CHAIN_ID ? probe : openRpcChain({ url: options.rpcUrl, deployment: 'canonical' });
  }
  // A first start copies the deployed chain `npm run build:gateway` made (the same deterministic deployment).
  const template = options.template ?? DEFAULT_CHAIN_TEMPLATE;
  if (options.stateFile !== undefined && !existsSync(options.stateFile) && existsSync(template)) {
    await mkdir(dirname(options.stateFile), { recursive: true });
    await copyFile(template, options.stateFile);
  }
  const store =
    options.stateFile === undefined ? createMemoryChainStateStore() : fileChainStateStore(options.stateFile);
  // The EVM is loaded only when this gateway runs its own chain (a gateway on a shared RPC node never loads it).
  const { openEmbeddedChain } = await import('../../src/wallet/chain/open-embedded-chain');
  return openEmbeddedChain({ store, clock: () => options.clock.now().getTime() });
}

/** Where the deployed embedded chain's state is kept for first starts (gitignored). */
export const DEFAULT_CHAIN_TEMPLATE = join(process.cwd(), '.data', 'gateway-chain-template.bin');

/** Deploys a fresh embedded chain into `path` (once, or again with `fresh`), written aside and renamed into place. */
export async function ensureChainTemplate(path = DEFAULT_CHAIN_TEMPLATE, fresh = false): Promise<string> {
  if (!fresh && existsSync(path)) return path;
  const building = `${path}.building-${process.pid}`;
  await rm(building, { force: true });
  await openGatewayChain({ stateFile: building, template: `${building}.none`, clock: systemClock });
  await rename(building, path);
  return path;
}
