import { SignJWT, base64url } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CABINET_FOLDERS } from '../../src/ontology/health-portal.generated';
import { reply } from '../../src/testing/scripted-messages-script';
import { generateSessionKey, type SessionKey } from '../auth/session-keys';
import { ask, type AskResult } from '../testing/a2a-client';
import { scriptedCoach } from '../testing/coach-script';
import { testDatabases } from '../testing/databases';
import { demoCabinet } from '../testing/demo-cabinet';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

/**
 * Every bad input and every refusal at the door, over real HTTP: each answered with its code and its words, none
 * with a 500. Authentication failures are HTTP 401; every other refusal is a JSON-RPC error carrying { code, status }.
 */
describe.each(testDatabases())('bad input at the gateway on $name', (database) => {
  let gw: TestGateway;
  let alice: string;
  let dave: string;
  let data: Record<string, unknown>;
  const statuses: number[] = [];
  const post = async (body: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${gw.url}/a2a`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    statuses.push(res.status);
    return { status: res.status, body: (await res.json()) as AskResult['body'] };
  };
  const refusal = (r: { status: number; body: AskResult['body'] }) => ({
    http: r.status,
    code: r.body.error?.code,
    data: r.body.error?.data,
    message: r.body.error?.message,
  });
  type InputRequiredTask = {
    status: { state: string; message: { parts: Array<{ text?: string }>; metadata: Record<string, unknown> } };
  };
  const forged = async (claims: { aud?: string; iss?: string; exp?: number }, key: SessionKey = gw.sessionKey) => {
    const now = Math.floor(gw.clock.now().getTime() / 1000);
    return new SignJWT({ name: 'Alice Okoro' })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .setIssuer(claims.iss ?? gw.url)
      .setAudience(claims.aud ?? 'heartcoach')
      .setSubject(gw.demo.addressOf('alice'))
      .setIssuedAt(now - 120)
      .setExpirationTime(claims.exp ?? now + 600)
      .sign(key.privateKey);
  };

  beforeAll(async () => {
    gw = await startTestGateway(database);
    alice = await gw.session('alice');
    dave = await gw.session('dave');
    data = { cabinet: demoCabinet(), grant: await gw.cabinetGrant('alice', [...CABINET_FOLDERS]), kind: 'question' };
  });
  afterAll(async () => {
    expect(statuses).not.toContain(500);
    await gw.close();
  });
  afterEach(() => gw.model.setScript(scriptedCoach));

  const track = async (p: Promise<AskResult>) => {
    const r = await p;
    statuses.push(r.status);
    expect(r.body.error?.code).not.toBe(-32603);
    return r;
  };

  it('refuses envelopes by the JSON-RPC book once the bearer is verified', async () => {
    const signedIn = (body: string) => post(body, { authorization: `Bearer ${alice}` });
    expect(refusal(await signedIn(''))).toMatchObject({ http: 200, code: -32700, message: 'The request has no body.' });
    expect(refusal(await signedIn('{"jsonrpc":'))).toMatchObject({
      http: 200,
      code: -32700,
      message: 'The request body is not JSON.',
    });
    expect(refusal(await signedIn('{"id":1,"method":"message/send"}'))).toMatchObject({
      http: 200,
      code: -32600,
      data: { code: 'invalid_request', status: 400 },
    });
    expect(refusal(await signedIn('{"jsonrpc":"2.0","id":1,"method":"tasks/list","params":{}}'))).toMatchObject({
      code: -32601,
      data: { code: 'method_not_found', status: 404 },
    });
    // Without a bearer, nothing of the body is read: the same bad bodies are 401 first.
    for (const body of ['', '{"jsonrpc":', '{"id":1}'])
      expect(refusal(await post(body))).toMatchObject({ http: 401, data: { code: 'unauthenticated' } });
    const get = await fetch(`${gw.url}/a2a`);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    const unknown = await track(ask(gw.url, alice, { skill: 'heartcoach.prescribe', text: 'hi' }));
    expect(refusal(unknown)).toMatchObject({
      http: 200,
      code: -32602,
      message:
        'Unknown skill "heartcoach.prescribe"; the skills on the card are heartcoach.ask, heartcoach.ask.me, heartcoach.checkin, heartcoach.triage.',
    });
  });

  it('refuses every bad bearer with HTTP 401 in words', async () => {
    const now = Math.floor(gw.clock.now().getTime() / 1000);
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const payload = base64url.encode(
      JSON.stringify({ iss: gw.url, aud: 'heartcoach', sub: gw.demo.addressOf('alice'), iat: now, exp: now + 600 }),
    );
    const cases: Array<[string | null, string]> = [
      [null, 'Sign in first: this call needs a Bearer token.'],
      [await forged({ exp: now - 60 }), 'The session has expired; sign in again.'],
      [await forged({ aud: 'another-app' }), 'The token was issued for another audience, not for HeartCoach.'],
      [
        await forged({ iss: 'http://127.0.0.1:1' }),
        "The token's issuer (http://127.0.0.1:1) is not one HeartCoach trusts.",
      ],
      [`${header}.${payload}.`, 'The token is not signed with ES256; it is not accepted.'],
      [await forged({}, await generateSessionKey()), 'The token is signed with a key its issuer does not publish.'],
      [`${'x'.repeat(5000)}.y.z`, 'The token is larger than 4096 bytes; it was not read.'],
    ];
    for (const [token, message] of cases) {
      const r = await track(ask(gw.url, token, { skill: 'heartcoach.ask', text: 'How is my week going?', data }));
      expect(refusal(r)).toEqual({ http: 401, code: -32000, data: { code: 'unauthenticated', status: 401 }, message });
    }
    expect(gw.model.requests).toHaveLength(0);
  });

  it('leaves the task input-required, in words, when the Ask lacks what the person can still send', async () => {
    gw.model.requests.length = 0;
    const cases: Array<[Parameters<typeof ask>[2], string, RegExp | string]> = [
      [
        { skill: 'heartcoach.ask', text: '   ', data },
        'empty_message',
        'The message is empty: ask HeartCoach something.',
      ],
      [{ skill: 'heartcoach.ask', text: 'How is my week going?' }, 'cabinet_missing', /carries no cabinet/],
      [
        { skill: 'heartcoach.ask', text: 'hi', patient: gw.demo.addressOf('alice') },
        'practice_required',
        'A care-team Ask about a patient names the practice too; it was missing.',
      ],
    ];
    for (const [a, code, words] of cases) {
      const r = await track(ask(gw.url, a.patient === undefined ? alice : dave, a));
      const task = (r.body.result as { task: InputRequiredTask }).task;
      expect(r.status).toBe(200);
      expect(task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
      expect(task.status.message.metadata).toEqual({ code, status: 400 });
      if (typeof words === 'string') expect(task.status.message.parts[0]!.text).toBe(words);
      else expect(task.status.message.parts[0]!.text).toMatch(words);
    }
    expect(gw.model.requests).toHaveLength(0);
  });

  it('refuses a bad or foreign cabinet and folders beyond the grant — before any model runs', async () => {
    gw.model.requests.length = 0;
    const grantOfTwo = await gw.cabinetGrant('alice', ['profile', 'readings']);
    const bobsGrant = await gw.cabinetGrant('bob', [...CABINET_FOLDERS]);
    const cases: Array<[Parameters<typeof ask>[2], number, string, number, RegExp | string]> = [
      [
        { skill: 'heartcoach.checkin', text: 'Good morning', data },
        -32602,
        'bad_consultation',
        400,
        'The data part says "question" but the skill is a check-in.',
      ],
      [
        { skill: 'heartcoach.ask', text: 'hi', data: { ...data, cabinet: { secrets: [] } } },
        -32602,
        'bad_consultation',
        400,
        /secrets/,
      ],
      [
        { skill: 'heartcoach.ask', text: 'hi', data: { ...data, grant: bobsGrant } },
        -32000,
        'grant_refused',
        403,
        /^Your cabinet grant to HeartCoach was refused: This cabinet grant comes from 0x[0-9a-fA-F]{40}, not from 0x/,
      ],
      [
        { skill: 'heartcoach.ask', text: 'hi', data: { ...data, grant: grantOfTwo } },
        -32000,
        'folder_not_granted',
        403,
        'The cabinet carries folders your grant does not name (doses, symptoms, prefs, guidance); HeartCoach reads only what you granted.',
      ],
    ];
    for (const [a, code, dataCode, status, message] of cases) {
      const r = await track(ask(gw.url, alice, a));
      expect(refusal(r)).toMatchObject({ http: 200, code, data: { code: dataCode, status } });
      expect(r.body.error!.data).toHaveProperty('taskId');
      if (typeof message === 'string') expect(r.body.error!.message).toBe(message);
      else expect(r.body.error!.message).toMatch(message);
    }
    expect(gw.model.requests).toHaveLength(0);
  });

  it("refuses a practice the member is not on (404) and a patient not on their team (404), in the desk's words", async () => {
    const notMember = await track(
      ask(gw.url, alice, {
        skill: 'heartcoach.ask',
        text: 'How is Bob?',
        practice: gw.demo.addressOf('atria-heart'),
        patient: gw.demo.addressOf('bob'),
      }),
    );
    expect(refusal(notMember)).toMatchObject({
      code: -32000,
      data: { code: 'not_a_member', status: 404 },
      message: 'you are not a member of that practice on this desk — or your grant does not reach it',
    });
    const otherPractice = await track(
      ask(gw.url, dave, {
        skill: 'heartcoach.ask',
        text: 'How is Alice?',
        practice: gw.demo.addressOf('stranger'),
        patient: gw.demo.addressOf('alice'),
      }),
    );
    expect(refusal(otherPractice)).toMatchObject({ data: { code: 'not_a_member', status: 404 } });
    const notOnTeam = await track(
      ask(gw.url, dave, {
        skill: 'heartcoach.ask',
        text: 'How is Sam?',
        practice: gw.demo.addressOf('atria-heart'),
        patient: gw.demo.addressOf('stranger'),
      }),
    );
    expect(refusal(notOnTeam)).toMatchObject({
      data: { code: 'not_on_team', status: 404 },
      message: 'no enrollment on this desk names that patient — or your grant does not reach it',
    });
  });

  it('answers 502 coach_no_reply when the model writes plain text, and 503 when it is overloaded — never a canned answer', async () => {
    gw.model.setScript(() => reply.text('Your week looks fine!'));
    const plain = await track(ask(gw.url, alice, { skill: 'heartcoach.ask', text: 'How is my week going?', data }));
    expect(refusal(plain)).toMatchObject({ http: 200, code: -32000, data: { code: 'coach_no_reply', status: 502 } });
    expect(plain.body.error!.message).not.toContain('Your week looks fine');
    gw.model.setScript(() => reply.overloaded());
    const overloaded = await track(
      ask(gw.url, alice, { skill: 'heartcoach.ask', text: 'How is my week going?', data }),
    );
    expect(refusal(overloaded)).toMatchObject({
      code: -32000,
      data: { code: 'coach_unreachable', status: 503 },
      message: "HeartCoach's model could not answer (overloaded); the consultation stopped — ask again in a minute.",
    });
    gw.model.setScript(() => reply.tool('coach_reply', { say: 'x', tier: 'fine' }));
    const invalid = await track(ask(gw.url, alice, { skill: 'heartcoach.ask', text: 'How is my week going?', data }));
    expect(refusal(invalid)).toMatchObject({
      data: { code: 'coach_no_reply', status: 502 },
      message: 'HeartCoach did not compose a valid answer within 5 rounds; nothing more was done.',
    });
  });

  it('answers 503 coach_unconfigured without a model key', async () => {
    const bare = await startTestGateway(database, { withModel: false });
    try {
      const token = await bare.session('alice');
      const r = await ask(bare.url, token, {
        skill: 'heartcoach.ask',
        text: 'How is my week going?',
        data: { ...data, grant: await bare.cabinetGrant('alice', [...CABINET_FOLDERS]) },
      });
      expect(refusal(r)).toMatchObject({
        http: 200,
        code: -32000,
        data: { code: 'coach_unconfigured', status: 503 },
        message: 'HeartCoach is not configured here: no model key is set, so it cannot answer.',
      });
      expect(bare.model.requests).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});
