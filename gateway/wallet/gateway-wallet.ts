import type { Hex } from 'viem';
import type { WalletChain } from '../../src/wallet/chain/wallet-chain';
import type { AssertionSigner, Clock, GrantVerifier, SiweVerifier } from '../ports';
import { chainGrantVerifier } from './grant-verifier';
import { verifyPracticeGrant } from './practice-grant';
import { serviceKeySigner } from './service-key';
import { chainSiweVerifier } from './siwe-verifier';

/** The gateway's wallet ports on one chain: SIWE, grants (cabinet, practice, wire) and HeartCoach's service key. */
export type GatewayWallet = {
  chainId: number;
  siwe: SiweVerifier;
  grants: GrantVerifier;
  service: AssertionSigner;
  /** Answers when the chain does (its block number): /health and /ready. */
  probe: () => Promise<unknown>;
};

export function gatewayWallet(options: {
  chain: WalletChain;
  clock: Clock;
  origins: readonly string[];
  serviceKey: Hex;
}): GatewayWallet {
  const { chain } = options;
  return {
    chainId: chain.chainId,
    siwe: chainSiweVerifier(chain),
    grants: chainGrantVerifier({
      chain,
      clock: options.clock,
      origins: options.origins,
      practiceGrant: (grant, expect) => verifyPracticeGrant(chain, grant, expect),
    }),
    service: serviceKeySigner(options.serviceKey, chain.chainId),
    probe: () => chain.client.getBlockNumber(),
  };
}
