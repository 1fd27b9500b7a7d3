import { ConsultationPart, type CoachAnswer, type Proposed } from '../../protocol/heartcoach';
import type { Address, RemoteAgentPort, RemoteAnswer, VaultRecord } from '../kernel/ports';
import { orderCalled } from '../../protocol/medicine-names';
import type { MemoryVault } from './memory-vault';

/**
 * HeartCoach as the harness's tests meet it: a scripted outside agent that behaves like the gateway on the points
 * the harness depends on — it refuses a consultation whose data part does not fit `{ cabinet, grant, kind }`, cites
 * the readings it was sent, logs "N steps" (or the dose "I took my water pill" names, matched to the profile's
 * orders as the gateway does) into its working copy and proposes the record, and returns the
 * CoachInsight for the person's agent to file. Alice's cabinet and her grant are seeded beside it.
 */
type Sent = Parameters<RemoteAgentPort['send']>[0];

export const COACH_NOW = '2026-09-29T11:58:00.000Z';

const ORDER = {
  orderId: 'ord-furosemide',
  drug: 'furosemide',
  dose: '40 mg',
  schedule: 'once daily, morning',
  aliases: ['water pill'],
  active: true,
};

/** Alice's cabinet records: profile, three readings, a dose, prefs (the folders a grant may or may not name). */
export function seedAliceCabinet(vault: MemoryVault, alice: Address): void {
  const add = (id: string, type: string, data: Record<string, unknown>) =>
    vault.addRecord({ id, type, owner: alice, data });
  add('cabinet.profile/alice', 'cabinet.profile', {
    name: 'Alice Okoro',
    diagnoses: ['heart-failure'],
    orders: [ORDER],
    allergies: ['penicillin'],
    carePlan: 'Weigh every morning.',
    goals: { steps: 3000 },
    labs: [],
  });
  add('bp-2026-09-28', 'cabinet.readings', {
    id: 'bp-2026-09-28',
    metric: 'bp',
    value: '124/79',
    unit: 'mmHg',
    at: '2026-09-28T08:05:00.000Z',
    source: 'device',
  });
  add('bp-2026-09-29', 'cabinet.readings', {
    id: 'bp-2026-09-29',
    metric: 'bp',
    value: '126/80',
    unit: 'mmHg',
    at: '2026-09-29T08:05:00.000Z',
    source: 'device',
  });
  add('weight-2026-09-28', 'cabinet.readings', {
    id: 'weight-2026-09-28',
    metric: 'weight',
    value: 81,
    unit: 'kg',
    at: '2026-09-28T07:50:00.000Z',
    source: 'you',
  });
  add('dose-furosemide-2026-09-29', 'cabinet.doses', {
    id: 'dose-furosemide-2026-09-29',
    orderId: 'ord-furosemide',
    drug: 'furosemide',
    at: '2026-09-29T08:10:00.000Z',
    taken: true,
  });
  add('cabinet.prefs/alice', 'cabinet.prefs', { checkIns: true, checkInAt: '08:00' });
}

/** Alice grants HeartCoach `folders` (a stand-in for the signed grant: the harness carries it, the gateway checks it). */
export function grantAliceCabinet(vault: MemoryVault, alice: Address, folders: readonly string[], n = 1): void {
  const hash = `0x${n.toString(16).padStart(64, '0')}` as const;
  vault.grantCabinet(alice, 'heartcoach', {
    hash,
    folders,
    grant: {
      delegation: { delegator: alice, salt: String(n) },
      scope: { type: 'home-agent/cabinet-grant', folders: [...folders].sort() },
    },
  });
}

export const cabinetRecordsOf = (vault: MemoryVault, type: string): VaultRecord[] =>
  [...vault.recordRows.values()].filter((r) => r.type === type);

/** The scripted HeartCoach: a function of what was sent, as ScriptedAgents takes it. */
export function scriptedHeartCoach(): (q: Sent) => RemoteAnswer {
  let n = 0;
  return (q) => {
    const part = ConsultationPart.safeParse(q.data);
    if (!part.success)
      return {
        kind: 'refused',
        code: 'bad_consultation',
        message: 'The consultation carries no cabinet the gateway can read.',
      };
    n += 1;
    const { cabinet, kind } = part.data;
    const steps = /\b(?:log|record)\b.*?(\d[\d,]*)\s*steps/i.exec(q.text);
    const proposed: Proposed[] = [];
    const acted: CoachAnswer['acted'] = [];
    if (steps !== null) {
      const value = Number(steps[1]!.replace(/,/g, ''));
      const record = {
        id: `steps-scripted-${n}`,
        metric: 'steps' as const,
        value,
        unit: 'steps',
        at: COACH_NOW,
        source: 'you' as const,
      };
      proposed.push({ folder: 'readings', record, observation: 'accepted' });
      acted.push({
        tool: 'heartcoach.log',
        ok: true,
        summary: `logged ${value} steps`,
        storedIn: `heartcoach/readings/${record.id}.json`,
      });
    }
    const builtFrom = (cabinet.readings ?? []).filter((r) => r.metric === 'bp').map((r) => r.id);
    // "I took my water pill": the one active order the words name, by drug, by the chart's alias or by its class.
    const took = /\b(?:took|taken|had)\s+(?:my\s+)?([^.,;!?]{3,60})/i.exec(q.text);
    const orders = (cabinet.profile?.orders ?? []).filter((o) => o.active);
    const said = took?.[1] ?? '';
    const order =
      took === null
        ? null
        : (orders.find((o) => [o.drug, ...o.aliases].some((a) => said.toLowerCase().includes(a.toLowerCase()))) ??
          orderCalled(orders, said));
    if (order !== null) {
      const record = { id: `dose-scripted-${n}`, orderId: order.orderId, drug: order.drug, at: COACH_NOW, taken: true };
      proposed.push({ folder: 'doses', record, observation: 'accepted' });
      acted.push({
        tool: 'heartcoach.log',
        ok: true,
        summary: `logged a dose of ${order.drug} ${order.dose}`,
        storedIn: `heartcoach/doses/${record.id}.json`,
      });
    }
    const say =
      order !== null
        ? `Logged your ${order.drug} ${order.dose}.`
        : steps !== null
          ? `Logged — that brings today to ${steps[1]} steps.`
          : `Your week looks steady: blood pressure held around 125/80 (${builtFrom.length} readings).`;
    const insightId = `guidance-scripted-${n}`;
    const answer: CoachAnswer = {
      kind: 'answer',
      consultationKind: kind,
      say,
      because: 'From the readings in your cabinet.',
      escalationTier: 'self-care',
      stillToDo: ['weight'],
      builtFrom,
      acted,
      proposed,
      insight: {
        id: insightId,
        storedIn: `heartcoach/guidance/${insightId}.json`,
        record: {
          id: insightId,
          type: 'heartcoach.guidance',
          at: COACH_NOW,
          consultationKind: kind,
          question: q.text,
          say,
          because: 'From the readings in your cabinet.',
          tier: 'self-care',
          stillToDo: ['weight'],
          acted,
          builtFrom,
          archetypes: [],
          under: [],
        },
      },
      archetypes: [],
      under: [],
      model: 'scripted',
      usage: { input: 0, output: 0, cacheRead: 0 },
      ms: 1,
      tier: 'ReadOrDraft',
    };
    return { kind: 'answer', agent: 'heartcoach', cardDigest: `0x${'c0'.repeat(32)}`, text: say, data: answer };
  };
}
