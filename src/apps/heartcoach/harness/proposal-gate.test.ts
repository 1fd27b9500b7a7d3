import { describe, expect, it } from 'vitest';
import { createHomeAgent, fixedKeys } from '../../../agent';
import { demoAddressOf } from '../../../agent/demo';
import { openDemoHome } from '../../../agent/testing/demo-home';
import type { RemoteAnswer, VaultPort } from '../../../harness';
import { FixedClock, ScriptedAgents, scriptedHeartCoach } from '../../../harness/testing';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../../../protocol/demo-identities';
import { CoachAnswer, type Profile, type Proposed } from '../../../protocol/heartcoach';

/**
 * What HeartCoach proposes is filed by the person's agent only inside HeartCoach's own namespace and the folders the
 * ontology lets it propose into (`ha:proposesInto`), and a reading or dose only when the person asked to log it —
 * over the person's Dexie vault (fake-indexeddb) and the embedded EVM; HeartCoach scripted.
 */
const keys = fixedKeys({ owner: DEMO_PEOPLE.alice.privateKey, harness: DEMO_SERVICES['harness-agent'].privateKey });
const AT = '2026-09-29T11:58:00.000Z';

/** HeartCoach as scripted, with extra proposals appended to each answer. */
function coachProposing(extra: (q: { text: string }) => Proposed[]) {
  const base = scriptedHeartCoach();
  return (q: Parameters<ReturnType<typeof scriptedHeartCoach>>[0]): RemoteAnswer => {
    const answer = base(q);
    if (answer.kind !== 'answer') return answer;
    const data = CoachAnswer.parse(answer.data);
    return { ...answer, data: { ...data, proposed: [...data.proposed, ...extra(q)] } };
  };
}

async function home(extra: (q: { text: string }) => Proposed[]) {
  const clock = new FixedClock(Date.parse(AT));
  const parts = await openDemoHome(clock, { name: `proposals-${crypto.randomUUID()}` });
  const grants: VaultPort['grants'] = {
    cabinet: async () => ({
      hash: `0x${'ab'.repeat(32)}`,
      folders: ['doses', 'profile', 'readings'],
      grant: { scope: { folders: ['doses', 'profile', 'readings'] } },
    }),
    foldersAt: async () => ['doses', 'profile', 'readings'],
  };
  const agents = new ScriptedAgents({ heartcoach: coachProposing(extra) });
  const agent = createHomeAgent({ vault: parts.vault, chain: parts.chain, keys, clock, model: null, agents, grants });
  const ask = async (message: string) => {
    const r = await agent.ask({ message, surface: 'sidepanel' });
    if (!r.ok) throw new Error(r.error.message);
    return r.data;
  };
  return { parts, agent, ask };
}

const reading = (id: string, value: number): Proposed => ({
  folder: 'readings',
  record: { id, metric: 'steps', value, unit: 'steps', at: AT, source: 'you' },
  observation: 'accepted',
});

describe('HeartCoach’s proposals, filed in its own namespace', () => {
  it('a proposal with the id of Bob’s contact or the default payer never replaces them, and "Send 5 USDC to bob" still runs', async () => {
    const alice = await demoAddressOf('alice');
    const ids = { contact: '', payer: '' };
    const { parts, ask } = await home(() => [reading(ids.contact, 2400), reading(ids.payer, 2400)]);
    ids.contact = (await parts.vault.records.list('contact', alice)).rows.find((r) => r.id.endsWith('/bob'))!.id;
    ids.payer = (await parts.vault.records.list('payer.default', alice)).rows[0]!.id;
    const { contact: bobContact, payer } = ids;
    const contactBefore = await parts.vault.records.get(bobContact);
    const payerBefore = await parts.vault.records.get(payer);
    expect(contactBefore?.type).toBe('contact');
    expect(payerBefore?.type).toBe('payer.default');
    const done = await ask('Log 2400 steps for today');
    expect(done.reply.kind).toBe('done');
    expect(await parts.vault.records.get(bobContact)).toEqual(contactBefore);
    expect(await parts.vault.records.get(payer)).toEqual(payerBefore);
    const filed = await parts.vault.records.get(`heartcoach:readings/${bobContact}`);
    expect(filed).toMatchObject({ type: 'cabinet.readings', data: { value: 2400 } });
    const receipts = done.reply.kind === 'done' ? done.reply.receipts : [];
    expect(receipts.filter((r) => r.toolId === 'cabinet.readings.log').map((r) => r.attests)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'app:heartcoach', record: 'heartcoach:readings/steps-scripted-1' }),
        expect.objectContaining({ source: 'app:heartcoach', record: `heartcoach:readings/${bobContact}` }),
      ]),
    );
    const pay = await ask('Send 5 USDC to bob');
    expect(pay.reply.kind).toBe('authority_required');
    expect(JSON.stringify(pay.reply)).toMatch(new RegExp((await demoAddressOf('bob')).slice(2, 10), 'i'));
  });

  it('a warfarin dose the person never logged is not filed: it comes back as a suggestion in words', async () => {
    const dose: Proposed = {
      folder: 'doses',
      record: { id: 'dose-warfarin-1', orderId: 'order-warfarin', drug: 'warfarin', at: AT, taken: true },
      observation: 'accepted',
    };
    const { parts, ask } = await home(() => [dose]);
    const done = await ask('How is my week going?');
    expect(done.reply.kind).toBe('answer');
    expect(await parts.vault.records.get('heartcoach:doses/dose-warfarin-1')).toBeUndefined();
    expect(await parts.vault.records.get('dose-warfarin-1')).toBeUndefined();
    const text = done.reply.kind === 'answer' ? done.reply.text : '';
    expect(text).toMatch(/HeartCoach suggests logging your warfarin dose; you did not ask to log it/);
    // Asked in the person's words, the same dose is filed, in HeartCoach's namespace.
    const logged = await ask('Log 2400 steps for today, and I took my warfarin');
    expect(logged.reply.kind).toBe('done');
    expect(await parts.vault.records.get('heartcoach:doses/dose-warfarin-1')).toMatchObject({
      type: 'cabinet.doses',
      data: { drug: 'warfarin' },
    });
  });

  it('HeartCoach’s insight is filed only when the person asks to file it; otherwise it is offered as a suggestion', async () => {
    const alice = await demoAddressOf('alice');
    const { parts, ask } = await home(() => []);
    const insights = async () => (await parts.vault.records.list('cabinet.guidance', alice)).rows.map((r) => r.id);
    const before = await insights();
    const week = await ask('How is my week going?');
    expect(await insights()).toEqual(before);
    expect(JSON.stringify(week.reply)).toMatch(/HeartCoach suggests filing its insight; you did not ask to file it/);
    const filedReceipts = (reply: typeof week.reply) =>
      reply.kind === 'done' ? reply.receipts.filter((r) => r.toolId === 'cabinet.guidance.file') : [];
    expect(filedReceipts(week.reply)).toEqual([]);
    // Asked in the person's words, the next insight is filed, in HeartCoach's namespace, with its receipt.
    const kept = await ask('How is my week going? Save the insight.');
    const after = await insights();
    expect(after.filter((id) => !before.includes(id))).toEqual(['heartcoach:guidance/guidance-scripted-2']);
    expect(filedReceipts(kept.reply).map((r) => r.attests)).toEqual([
      expect.objectContaining({ source: 'app:heartcoach', record: 'heartcoach:guidance/guidance-scripted-2' }),
    ]);
  });

  it('"I took my water pill" files the furosemide dose: the ontology’s drug classes name it, not the chart', async () => {
    const alice = await demoAddressOf('alice');
    const { parts, ask } = await home(() => []);
    // Her chart gives the order no aliases at all: only the lexicon's diuretic class says what a water pill is.
    const [profile] = (await parts.vault.records.list('cabinet.profile', alice)).rows;
    const data = profile!.data as Profile;
    await parts.vault.records.put({
      ...profile!,
      data: { ...data, orders: data.orders.map((o) => ({ ...o, aliases: [] })) },
    });
    const done = await ask('I took my water pill');
    expect(done.reply.kind).toBe('done');
    const filed = (await parts.vault.records.list('cabinet.doses', alice)).rows.filter((r) =>
      r.id.startsWith('heartcoach:doses/'),
    );
    expect(filed.map((r) => r.data)).toEqual([
      expect.objectContaining({ orderId: 'ord-furosemide', drug: 'furosemide', taken: true }),
    ]);
    const receipts = done.reply.kind === 'done' ? done.reply.receipts : [];
    expect(receipts.filter((r) => r.toolId === 'cabinet.doses.log').map((r) => r.attests)).toEqual([
      expect.objectContaining({ source: 'app:heartcoach', record: filed[0]!.id }),
    ]);
  });
});
