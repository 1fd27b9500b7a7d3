import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { MandateScope, WireScope, GrantScope } from '../../protocol/delegation';
import { DEMO_ORGANIZATIONS, DEMO_PEOPLE } from '../../protocol/demo-identities';
import { smartAgentOf } from '../accounts/smart-agent';
import { caveatsForScope } from '../delegations/caveats-for-scope';
import { delegationHashOf, delegationSigningHash, delegationTypedData } from '../delegations/delegation-codec';
import { signScopedDelegation } from '../delegations/sign-scoped-delegation';
import { PRE_MOVE } from '../testing/fixtures/pre-move';
import { HOME_CHAIN_ID } from '../chain/home-chain';
import type { WalletChain } from '../chain/wallet-chain';
import { DEPLOYMENT_ORDER, deterministicAddress, HOME_ENVIRONMENT } from './environment';

/**
 * Every address and every signed byte the wallet made before its move to the framework's maintained packages stays
 * what it was: a changed deploy order, factory encoding, caveat term or EIP-712 domain would move Smart Agents and
 * orphan every stored delegation. The fixture was written by the earlier code (src/wallet/testing/fixtures).
 */
describe('the pinned Home Agent deployment', () => {
  const chain = { chainId: HOME_CHAIN_ID, environment: HOME_ENVIRONMENT } as WalletChain;

  it('puts every framework contract and the test token at the address it had', () => {
    expect(Object.fromEntries(DEPLOYMENT_ORDER.map((n) => [n, deterministicAddress(n)]))).toEqual(PRE_MOVE.addresses);
    expect(HOME_ENVIRONMENT).toEqual(PRE_MOVE.environment);
  });

  it('computes every demo Smart Agent at the address it had, with the same factory call', async () => {
    const found: Record<string, string> = {};
    for (const [id, p] of Object.entries(DEMO_PEOPLE)) found[id] = (await smartAgentOf(p.ownerAddress, p.salt)).address;
    for (const [id, o] of Object.entries(DEMO_ORGANIZATIONS))
      found[id] = (await smartAgentOf(DEMO_PEOPLE[o.stewardId].ownerAddress, o.salt)).address;
    expect(found).toEqual(PRE_MOVE.smartAgents);
    const alice = await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt);
    expect(alice.factoryData).toBe(PRE_MOVE.aliceFactoryData);
  });

  it('builds the same caveats and hashes for a delegation signed before the move', () => {
    const schemas = { payment: MandateScope, revoked: MandateScope, wire: WireScope, grant: GrantScope } as const;
    for (const [name, signed] of Object.entries(PRE_MOVE.delegations)) {
      const scope = schemas[name as keyof typeof schemas].parse(signed.scope);
      expect(caveatsForScope(scope, HOME_ENVIRONMENT), name).toEqual(signed.delegation.caveats);
      expect(delegationHashOf(signed.delegation), name).toBe(signed.hash);
    }
    const payment = PRE_MOVE.delegations.payment;
    expect(delegationTypedData(payment.delegation, HOME_CHAIN_ID, HOME_ENVIRONMENT).domain).toEqual(payment.domain);
    expect(delegationSigningHash(payment.delegation, HOME_CHAIN_ID, HOME_ENVIRONMENT)).toBe(payment.signingHash);
  });

  it('signs the same scope to the same bytes (signature included) as before', async () => {
    const owner = privateKeyToAccount(DEMO_PEOPLE.alice.privateKey);
    const agent = await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt);
    for (const name of ['payment', 'wire', 'grant'] as const) {
      const signed = PRE_MOVE.delegations[name];
      const again = await signScopedDelegation(chain, {
        owner,
        agent,
        delegate: signed.delegation.delegate as `0x${string}`,
        scope: signed.scope as never,
      });
      expect(again.delegation, name).toEqual(signed.delegation);
    }
  });
});
