import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from '../../src/protocol/demo-identities';
import { testDatabases } from '../testing/databases';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';
import type { DeskMe, PatientPage } from '../desk/views';

/**
 * What the HeartCoach page reads, over loopback: the page itself (with a CSP that allows only its own origin), who I
 * am on the desk, a patient's page under the reader's own standing (refusals in words), and the wire status.
 */
describe.each(testDatabases())('the HeartCoach page and its reads on $name', (database) => {
  let gw: TestGateway;
  const get = async (path: string, token?: string) => {
    const res = await fetch(`${gw.url}${path}`, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
    return {
      status: res.status,
      headers: res.headers,
      body: res.headers.get('content-type')?.includes('json')
        ? ((await res.json()) as Record<string, unknown>)
        : await res.text(),
    };
  };
  beforeAll(async () => {
    gw = await startTestGateway(database, { web: true });
  });
  afterAll(() => gw.close());

  it('serves the page and its bundle, the page under a CSP that names only its own origin', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(
      /default-src 'self'; script-src 'self'.*connect-src 'self'.*frame-ancestors 'none'/,
    );
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(String(page.body))?.[1];
    expect(script).toBeDefined();
    const js = await get(script!);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('cache-control')).toMatch(/immutable/);
    expect((await get('/assets/nothing.js')).status).toBe(404);
  });

  it("the card names HeartCoach's agent: the delegate a person's grants and wires must name", async () => {
    const card = (await get('/.well-known/agent-card.json')).body as {
      capabilities: { extensions: { uri: string; params: Record<string, unknown> }[] };
    };
    const account = card.capabilities.extensions.find((e) => e.uri.endsWith('/agent-account/v1'));
    expect(account?.params).toEqual({
      address: gw.gateway.deps.service.address,
      chainId: gw.chain.chainId,
      delegations: ['cabinet.read', 'harness.ask'],
    });
  });

  it('Dr. Dave sees Alice and Bob on his desk, with Alice on day 3 and visit-7d his to record', async () => {
    const me = (await get('/desk/me', await gw.session('dave'))).body as DeskMe;
    expect(me.name).toBe(DEMO_PEOPLE.dave.name);
    expect(me.desks).toHaveLength(1);
    const alice = me.desks[0]!.patients.find((p) => p.name === 'Alice Okoro')!;
    expect(alice).toMatchObject({ roles: ['Cardiologist'], day: 3, openAlerts: 1, mineToRecord: 1 });
    expect(me.desks[0]!.patients.map((p) => p.name).sort()).toEqual(['Alice Okoro', 'Bob Mensah']);
    const page = (await get(`/desk/patients/${me.desks[0]!.practice}/${alice.address}`, await gw.session('dave')))
      .body as PatientPage;
    expect(page.thirty?.milestones.find((m) => m.id === 'visit-7d')).toMatchObject({
      mine: true,
      ownerLabel: 'Cardiologist',
    });
    expect(page.thirty?.milestones.find((m) => m.id === 'discharge-med-rec')).toMatchObject({
      status: 'done',
      doneBy: 'Nathan Reyes',
    });
    expect(page.alerts[0]).toMatchObject({ state: 'open', severity: 'tell-care-team' });
  });

  it("refuses in words: a member not on the patient's team (404), a non-member, bad addresses, no session", async () => {
    const practice = gw.demo.addressOf('atria-heart');
    const dietitianOnBob = await get(
      `/desk/patients/${practice}/${gw.demo.addressOf('bob')}`,
      await gw.session('dietitian'),
    );
    expect(dietitianOnBob).toMatchObject({
      status: 404,
      body: {
        code: 'not_on_team',
        detail: 'no enrollment on this desk names that patient — or your grant does not reach it',
      },
    });
    const stranger = await get(`/desk/patients/${practice}/${gw.demo.addressOf('alice')}`, await gw.session('alice'));
    expect(stranger).toMatchObject({ status: 404, body: { code: 'not_a_member' } });
    expect((await get(`/desk/patients/nope/${gw.demo.addressOf('alice')}`, await gw.session('dave'))).status).toBe(400);
    expect((await get('/desk/me')).status).toBe(401);
  });

  it('Alice sees her own care (team, thirty days, thread) and no desk; and whether HeartCoach holds a wire from her', async () => {
    const alice = await gw.session('alice');
    const me = (await get('/desk/me', alice)).body as DeskMe;
    expect(me.desks).toEqual([]);
    expect(me.care).toHaveLength(1);
    expect(me.care[0]!.team.map((m) => m.name)).toContain(DEMO_PEOPLE.nurse.name);
    expect(me.care[0]!.thirty?.day).toBe(3);
    expect(me.care[0]!.thread.at(-1)?.text).toMatch(/weigh in tomorrow morning/);
    expect((await get('/ask-me/wire', alice)).body).toEqual({ wire: null });
    const wire = await gw.wire('alice');
    const registered = await fetch(`${gw.url}/ask-me/wire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice}` },
      body: JSON.stringify({ wire }),
    });
    expect(registered.status).toBe(200);
    expect((await get('/ask-me/wire', alice)).body).toMatchObject({
      wire: { origin: gw.url, expiresAt: '2026-12-31T00:00:00.000Z' },
    });
  });
});
