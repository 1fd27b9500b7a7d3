import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { CabinetGrant } from '../../src/protocol/delegation';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../../src/protocol/demo-identities';
import { fundOnLocalChain } from '../../src/wallet/accounts/fund';
import { smartAgentOf, type SmartAgent } from '../../src/wallet/accounts/smart-agent';
import { createMemoryChainStateStore } from '../../src/wallet/chain/chain-state-store';
import { openEmbeddedChain } from '../../src/wallet/chain/open-embedded-chain';
import type { WalletChain } from '../../src/wallet/chain/wallet-chain';
import { grantScope } from '../../src/wallet/delegations/scopes';
import { signScopedDelegation } from '../../src/wallet/delegations/sign-scoped-delegation';
import { revokeDelegation } from '../../src/wallet/revoke/revoke-delegation';
import { rememberedVerifier } from './remembered-verification';

const NOW = 1_790_000_000;
const window = { validAfter: NOW - 3600, validBefore: NOW + 3600 };
let chain: WalletChain;
let alice: SmartAgent;
const owner = privateKeyToAccount(DEMO_PEOPLE.alice.privateKey);
const service = DEMO_SERVICES.heartcoach.address;
// Each test signs its own grant (a different folder, so a different delegation hash): revoking one leaves the other.
const grant = (folder: 'readings' | 'profile') =>
  signScopedDelegation(chain, {
    owner,
    agent: alice,
    delegate: service,
    scope: grantScope({ chainId: chain.chainId, origin: 'http://127.0.0.1:8787', folders: [folder], window }),
  });

beforeAll(async () => {
  chain = await openEmbeddedChain({ store: createMemoryChainStateStore(), clock: () => NOW * 1000 });
  alice = await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt);
});

describe('rememberedVerifier: the signature remembered a minute, revocation and window read every time', () => {
  it('refuses a remembered grant the moment it is revoked on chain', async () => {
    const verify = rememberedVerifier(chain);
    const g = await grant('readings');
    const expect0 = { now: NOW, delegator: alice.address, delegate: service };
    expect(await verify(g, CabinetGrant, expect0)).toMatchObject({ ok: true });
    expect(await verify(g, CabinetGrant, expect0)).toMatchObject({ ok: true });
    const submitter = privateKeyToAccount(DEMO_SERVICES['harness-agent'].privateKey);
    await fundOnLocalChain(chain, submitter.address, 10n ** 18n);
    await revokeDelegation(chain, { owner, agent: alice, delegation: g.delegation, submitter });
    expect(await verify(g, CabinetGrant, expect0)).toEqual({
      ok: false,
      code: 'REVOKED',
      message: `This cabinet grant was revoked by ${alice.address}.`,
    });
  });

  it('refuses a remembered grant once its window has closed, and never remembers a refusal', async () => {
    const verify = rememberedVerifier(chain);
    const g = await grant('profile');
    expect(await verify(g, CabinetGrant, { now: NOW, delegator: alice.address })).toMatchObject({ ok: true });
    expect(await verify(g, CabinetGrant, { now: NOW + 3599, delegator: alice.address })).toMatchObject({ ok: true });
    const late = await verify(g, CabinetGrant, { now: NOW + 3601, delegator: alice.address });
    expect(late).toMatchObject({ ok: false, code: 'EXPIRED' });
    const tampered = { ...g, scope: { ...g.scope, folders: ['doses', 'profile'] } };
    expect(await verify(tampered, CabinetGrant, { now: NOW, delegator: alice.address })).toMatchObject({
      ok: false,
      code: 'BINDING_MISMATCH',
    });
  });
});
