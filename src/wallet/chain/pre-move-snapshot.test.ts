import { createAddressFromString } from '@ethereumjs/util';
import { keccak256, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../../protocol/demo-identities';
import { smartAgentOf } from '../accounts/smart-agent';
import { DEPLOYMENT_ORDER, deterministicAddress, HOME_USDC, type DeployedName } from '../deploy/environment';
import { payWithMandate } from '../redeem/pay-with-mandate';
import { signAccountOperation } from '../revoke/account-operation';
import { HAND_ASSEMBLED_USDC_CODEHASH, TEST_USDC_RUNTIME } from '../deploy/usdc/usdc';
import { restoreEmbeddedChain } from './embedded/snapshot';
import { PRE_MOVE, preMoveSnapshot } from '../testing/fixtures/pre-move';
import { usdcBalanceOf } from '../tokens/usdc';
import { readRevoked } from '../verify/read-revoked';
import { verifyGrant } from '../verify/verify-grant';
import { verifyMandate } from '../mandates/verify';
import { verifyWire } from '../verify/verify-wire';
import { createMemoryChainStateStore } from './chain-state-store';
import { openEmbeddedChain } from './open-embedded-chain';

const NOW = PRE_MOVE.now + 60;
const harness = privateKeyToAccount(DEMO_SERVICES['harness-agent'].privateKey);
const app = privateKeyToAccount(DEMO_SERVICES.heartcoach.privateKey);
const signed = (name: keyof typeof PRE_MOVE.delegations) => ({
  delegation: PRE_MOVE.delegations[name].delegation,
  scope: PRE_MOVE.delegations[name].scope,
});
const [payment, revoked, wire, grant] = (['payment', 'revoked', 'wire', 'grant'] as const).map(signed);
const hashOf = (name: keyof typeof PRE_MOVE.delegations) => PRE_MOVE.delegations[name].hash;

async function codeAt(chain: Awaited<ReturnType<typeof openEmbeddedChain>>, name: DeployedName): Promise<Hex> {
  return (await chain.client.getCode({ address: deterministicAddress(name) })) ?? '0x';
}

/**
 * A vault made before the move keeps working: its stored chain snapshot opens, the delegations signed then verify
 * (ERC-1271 on Alice's deployed Smart Agent, revocation read from the DelegationManager), the revoked one stays
 * revoked, her USDC is still hers and can be paid under the old mandate.
 */
describe('a chain snapshot stored before the move', () => {
  it('opens, and every delegation signed before verifies as it did', async () => {
    const chain = await openEmbeddedChain({
      store: createMemoryChainStateStore(preMoveSnapshot()),
      clock: () => NOW * 1000,
    });
    expect(chain.restored).toBe(true);
    const alice = (await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt)).address;
    expect(
      await verifyMandate(chain, { mandate: payment, now: NOW, delegate: harness.address, usesSoFar: 0 }),
    ).toMatchObject({ ok: true, delegationHash: hashOf('payment'), callsLeft: 1 });
    expect(
      await verifyWire(chain, { wire, now: NOW, delegate: app.address, origin: 'http://127.0.0.1:8787' }),
    ).toMatchObject({ ok: true, delegationHash: hashOf('wire') });
    expect(await verifyGrant(chain, { grant, now: NOW, delegate: app.address, folders: ['readings'] })).toMatchObject({
      ok: true,
      delegationHash: hashOf('grant'),
    });
    expect(await readRevoked(chain, hashOf('revoked'))).toEqual({ ok: true, revoked: true });
    expect(
      await verifyMandate(chain, { mandate: revoked, now: NOW, delegate: harness.address, usesSoFar: 0 }),
    ).toMatchObject({ ok: false, code: 'REVOKED' });
    expect(await usdcBalanceOf(chain, alice as Address)).toBe(1_000_000_000n);
  });

  it('signs the next account operation exactly as before the move', async () => {
    const chain = await openEmbeddedChain({
      store: createMemoryChainStateStore(preMoveSnapshot()),
      clock: () => NOW * 1000,
    });
    const agent = await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt);
    const op = await signAccountOperation(chain, {
      owner: privateKeyToAccount(DEMO_PEOPLE.alice.privateKey),
      agent,
      callData: '0x',
    });
    expect({
      ...op.packed,
      nonce: op.packed.nonce.toString(),
      preVerificationGas: op.packed.preVerificationGas.toString(),
    }).toEqual(PRE_MOVE.userOperation);
  });

  it('pays under the mandate signed before the move, and holds the same framework code as a fresh chain', async () => {
    const chain = await openEmbeddedChain({
      store: createMemoryChainStateStore(preMoveSnapshot()),
      clock: () => NOW * 1000,
    });
    const bob = (await smartAgentOf(DEMO_PEOPLE.bob.ownerAddress, DEMO_PEOPLE.bob.salt)).address;
    const paid = await payWithMandate(chain, {
      mandate: payment,
      recipient: bob,
      amount: 40_000_000n,
      redeemer: harness,
      record: async () => undefined,
    });
    expect(paid).toMatchObject({ ok: true });
    expect(await usdcBalanceOf(chain, bob)).toBe(40_000_000n);
    const fresh = await openEmbeddedChain({ store: createMemoryChainStateStore(), clock: () => NOW * 1000 });
    for (const name of DEPLOYMENT_ORDER) {
      if (name === 'TestUSDC' || name === 'SCL_RIP7212') continue;
      expect(keccak256(await codeAt(chain, name)), name).toBe(keccak256(await codeAt(fresh, name)));
    }
    expect(HOME_USDC).toBe(PRE_MOVE.addresses.TestUSDC);
  });

  it('gives the stored test token the compiled OpenZeppelin code, keeping every balance, and stores the result', async () => {
    const before = await restoreEmbeddedChain(
      preMoveSnapshot(),
      () => NOW * 1000,
      async () => undefined,
    );
    const legacy = await before.vm.stateManager.getCode(createAddressFromString(HOME_USDC));
    expect(keccak256(legacy)).toBe(HAND_ASSEMBLED_USDC_CODEHASH);
    expect(PRE_MOVE.legacyTokenCodeHash).toBe(HAND_ASSEMBLED_USDC_CODEHASH);
    const store = createMemoryChainStateStore(preMoveSnapshot());
    const chain = await openEmbeddedChain({ store, clock: () => NOW * 1000 });
    expect(await chain.client.getCode({ address: HOME_USDC })).toBe(TEST_USDC_RUNTIME);
    expect(store.saves).toBe(1);
    const alice = (await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt)).address;
    expect(await usdcBalanceOf(chain, alice)).toBe(1_000_000_000n);
    const again = await openEmbeddedChain({ store, clock: () => NOW * 1000 });
    expect(await again.client.getCode({ address: HOME_USDC })).toBe(TEST_USDC_RUNTIME);
    expect(store.saves).toBe(1); // migrated once
  });
});
