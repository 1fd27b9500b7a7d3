import type { Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEMO_ORGANIZATIONS, DEMO_PEOPLE, type DemoPersonId } from '../../src/protocol/demo-identities';
import { smartAgentOf, type SmartAgent } from '../../src/wallet/accounts/smart-agent';
import type { WalletChain } from '../../src/wallet/chain/wallet-chain';
import type { DemoDirectory } from '../desk/seed-demo';
import type { Address as DeskAddress } from '../desk/types';
import { signPracticeGrant } from './practice-grant';

/** The demo practice grants' window: from 2026 to 2031 (seconds), wide enough for the demo's fixed and real clocks. */
export const DEMO_GRANT_WINDOW = { validAfter: 1_767_225_600, validBefore: 1_924_992_000 };

export type DemoAgents = DemoDirectory & { agents: Record<DemoPersonId | 'atria-heart', SmartAgent> };

/**
 * The demo identities' Smart Agents on the deterministic deployment (the same addresses on every Home Agent chain),
 * and practice grants signed by Atria Heart's Smart Agent — its steward Carol's key — for the desk seed.
 */
export async function demoDirectory(chain: WalletChain): Promise<DemoAgents> {
  const ids = Object.keys(DEMO_PEOPLE) as DemoPersonId[];
  const people = await Promise.all(
    ids.map(async (id) => [id, await smartAgentOf(DEMO_PEOPLE[id].ownerAddress, DEMO_PEOPLE[id].salt)] as const),
  );
  const atria = DEMO_ORGANIZATIONS['atria-heart'];
  const practice = await smartAgentOf(DEMO_PEOPLE[atria.stewardId].ownerAddress, atria.salt);
  const agents = { ...Object.fromEntries(people), 'atria-heart': practice } as Record<
    DemoPersonId | 'atria-heart',
    SmartAgent
  >;
  const steward = privateKeyToAccount(DEMO_PEOPLE[atria.stewardId].privateKey);
  return {
    agents,
    addressOf: (id) => agents[id].address.toLowerCase() as DeskAddress,
    practiceGrant: (member, capabilities) =>
      signPracticeGrant(chain, {
        owner: steward,
        practice,
        member: agents[member].address as Address,
        capabilities,
        window: DEMO_GRANT_WINDOW,
      }),
  };
}
