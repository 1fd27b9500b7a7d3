import { keccak256 } from 'viem';
import type { ChainClient } from '../../chain/chain-client';
import { HOME_USDC } from '../environment';
import { HAND_ASSEMBLED_USDC_CODEHASH, TEST_USDC_RUNTIME } from './usdc';

export type MigrateTestUsdcReturnType = { migrated: boolean };

/**
 * Gives a local chain's test token the compiled OpenZeppelin code when it still runs the hand-assembled token of the
 * first Home Agent chains. The address is the same (CREATE position, not code), and so is the storage layout, so
 * every balance and allowance stays; what changes is what a failed transfer says (ERC-6093 custom errors instead of
 * "ERC20: …" strings). Any other code at that address is left alone. Local chains only (`anvil_setCode`).
 */
export async function migrateTestUsdc(client: ChainClient): Promise<MigrateTestUsdcReturnType> {
  const code = await client.getCode({ address: HOME_USDC });
  if (code === undefined || keccak256(code) !== HAND_ASSEMBLED_USDC_CODEHASH) return { migrated: false };
  await client.request({ method: 'anvil_setCode', params: [HOME_USDC, TEST_USDC_RUNTIME] } as never);
  return { migrated: true };
}
