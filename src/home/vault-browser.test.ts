import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../protocol/demo-identities';
import { hash } from '../vault/testing/open';
import {
  delegationHashOf,
  offChainMandateScope,
  readRevoked,
  signScopedDelegation,
  smartAgentOf,
  usdcBalanceOf,
  wireScope,
} from '../wallet';
import { testHome } from './testing/test-home';

const PASS = 'demo passphrase for tests';
type Agents = {
  agents: {
    address: string;
    kind: string;
    label: string;
    playbook: { archetypeId: string; current: boolean } | null;
  }[];
  archetypes: { id: string }[];
};

/** A Home with Alice's demo profile loaded, unlocked, on the real embedded chain. */
async function demoHome() {
  const t = await testHome();
  const loaded = await t.call<{ status: { person: { address: string }; demo: boolean; stage: string } }>({
    type: 'home.demo.load',
    passphrase: PASS,
  });
  return { ...t, alice: loaded.status.person.address as `0x${string}`, loaded };
}

/** A one-call off-chain mandate from Alice's Smart Agent to the harness agent, stored as the agent stores it. */
async function aliceMandate(t: Awaited<ReturnType<typeof demoHome>>) {
  const chain = await t.home.chain();
  const now = Math.floor(t.vault.clock.now() / 1000);
  const binding = {
    planDigest: hash(1),
    stepRef: 's1',
    argsDigest: hash(2),
    ontologyDigest: hash(3),
    playbookDigest: hash(4),
    capabilityId: 'memory.remember',
  };
  const scope = offChainMandateScope({
    chainId: chain.chainId,
    binding,
    window: { validAfter: now - 60, validBefore: now + 3600 },
  });
  const agent = await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt);
  const mandate = await signScopedDelegation(chain, {
    owner: privateKeyToAccount(DEMO_PEOPLE.alice.privateKey),
    agent,
    delegate: DEMO_SERVICES['harness-agent'].address,
    scope,
  });
  const mandateHash = delegationHashOf(mandate.delegation);
  await t.vault.mandates.record({
    hash: mandateHash,
    delegator: agent.address,
    delegate: mandate.delegation.delegate,
    capability: 'memory.remember',
    runRef: 'run-1',
    stepRef: 's1',
    delegation: mandate as never,
    binding,
    bindingDigest: hash(9),
  });
  return { chain, mandateHash };
}

/** An ask-as-me wire Alice gave HeartCoach's agent, stored as the agent stores it. */
async function aliceWire(t: Awaited<ReturnType<typeof demoHome>>) {
  const chain = await t.home.chain();
  const now = Math.floor(t.vault.clock.now() / 1000);
  const scope = wireScope({
    chainId: chain.chainId,
    origin: 'http://127.0.0.1:8787',
    window: { validAfter: now - 60, validBefore: now + 86_400 },
  });
  const agent = await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt);
  const wire = await signScopedDelegation(chain, {
    owner: privateKeyToAccount(DEMO_PEOPLE.alice.privateKey),
    agent,
    delegate: DEMO_SERVICES.heartcoach.address,
    scope,
  });
  const wireHash = delegationHashOf(wire.delegation);
  await t.vault.wires.record({
    kind: 'ask-as-me',
    capability: 'harness.ask',
    hash: wireHash,
    direction: 'given',
    delegator: agent.address,
    delegate: DEMO_SERVICES.heartcoach.address,
    origin: 'http://127.0.0.1:8787',
    expiresAt: (now + 86_400) * 1000,
    delegation: wire as never,
  });
  return { chain, wireHash };
}

describe('the Home: the demo profile, agents, the vault browser, revocation', () => {
  it('loads the demo identities with their playbooks, and Alice holds test USDC', async () => {
    const t = await demoHome();
    expect(t.loaded.status).toMatchObject({ stage: 'ready', demo: true, unlocked: true });
    const view = await t.call<Agents>({ type: 'home.agents.list' });
    const byLabel = Object.fromEntries(view.agents.map((a) => [a.label, a]));
    expect(byLabel['Alice Okoro']?.playbook).toMatchObject({ archetypeId: 'person-agent', current: true });
    expect(byLabel['Missio Nexus']?.playbook).toMatchObject({ archetypeId: 'organization-agent', current: true });
    expect(view.archetypes.map((a) => a.id)).toContain('organization-agent');
    expect(await usdcBalanceOf(await t.home.chain(), t.alice)).toBeGreaterThan(0n);

    const org = byLabel['Missio Nexus']!.address;
    expect(
      await t.send({ type: 'home.playbook.assign', agent: t.alice, archetypeId: 'organization-agent' }),
    ).toMatchObject({ ok: false, error: { code: 'ARCHETYPE_MISMATCH' } });
    expect(await t.send({ type: 'home.playbook.assign', agent: org, archetypeId: 'no-such' })).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_ARCHETYPE' },
    });
    const harness = view.agents.find((a) => a.kind === 'harness')!.address;
    expect(await t.send({ type: 'home.playbook.assign', agent: harness, archetypeId: 'person-agent' })).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_AGENT' },
    });
  }, 60_000);

  it('browses records by type, and names an unknown type in words', async () => {
    const t = await demoHome();
    const summary = await t.call<{ owners: { label: string; counts: Record<string, number> }[] }>({
      type: 'home.vault.summary',
    });
    const alice = summary.owners.find((o) => o.label === 'Alice Okoro')!;
    expect(alice.counts.contact).toBe(4);
    const contacts = await t.call<{ records: { title: string; fields: Record<string, unknown> }[] }>({
      type: 'home.vault.records',
      recordType: 'contact',
      owner: t.alice,
    });
    expect(contacts.records.map((r) => r.title).sort()).toEqual([
      'Bob Mensah',
      'Carol Whitfield',
      'David Adeyemi',
      'Nathan Reyes',
    ]);
    expect(await t.send({ type: 'home.vault.records', recordType: 'secrets', owner: t.alice })).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_RECORD_TYPE' },
    });
    expect(await t.send({ type: 'home.vault.provenance', runRef: 'run-none' })).toMatchObject({
      ok: false,
      error: { code: 'NO_PROVENANCE' },
    });
    expect(await t.send({ type: 'home.vault.receipt', id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'RECEIPT_UNKNOWN' },
    });
  }, 60_000);

  it('revokes a mandate on chain (the chain says revoked), and refuses while locked', async () => {
    const t = await demoHome();
    const { chain, mandateHash } = await aliceMandate(t);
    expect(await t.call({ type: 'home.mandates.list' })).toMatchObject({
      mandates: [{ hash: mandateHash, status: 'active', capability: 'memory.remember', uses: 0, maxUses: 1 }],
    });

    await t.call({ type: 'home.lock' });
    expect(await t.send({ type: 'home.revoke', kind: 'mandate', hash: mandateHash })).toMatchObject({
      ok: false,
      error: { code: 'LOCKED' },
    });
    await t.call({ type: 'home.unlock', passphrase: PASS });

    const revoked = await t.call<{ transactionHash: string | null; alreadyRevoked: boolean }>({
      type: 'home.revoke',
      kind: 'mandate',
      hash: mandateHash,
    });
    expect(revoked.alreadyRevoked).toBe(false);
    expect(revoked.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await readRevoked(chain, mandateHash)).toEqual({ ok: true, revoked: true });
    expect((await t.vault.mandates.get(mandateHash))?.status).toBe('revoked');
    expect(await t.vault.mandates.use(mandateHash)).toMatchObject({ ok: false, code: 'MANDATE_REVOKED' });
    expect(await t.call({ type: 'home.revoke', kind: 'mandate', hash: mandateHash })).toMatchObject({
      alreadyRevoked: true,
      transactionHash: null,
    });
    expect(await t.send({ type: 'home.revoke', kind: 'wire', hash: hash(77) })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  }, 60_000);

  it('lists a grant given with its app, origin and expiry, and revokes it on chain', async () => {
    const t = await demoHome();
    const { chain, wireHash } = await aliceWire(t);
    expect(await t.call({ type: 'home.grants.list' })).toMatchObject({
      grants: [
        { hash: wireHash, kind: 'ask-as-me', direction: 'given', origin: 'http://127.0.0.1:8787', standing: 'active' },
      ],
    });
    expect(await t.call({ type: 'home.revoke', kind: 'wire', hash: wireHash })).toMatchObject({
      alreadyRevoked: false,
    });
    expect(await readRevoked(chain, wireHash)).toEqual({ ok: true, revoked: true });
    expect(await t.call({ type: 'home.grants.list' })).toMatchObject({
      grants: [{ hash: wireHash, standing: 'revoked' }],
    });
  }, 60_000);
});
