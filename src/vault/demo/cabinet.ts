import { ARCHETYPES } from '../../ontology/archetypes.generated';
import { HomeError } from '../../protocol/errors';
import type { Dose, Order, Reading } from '../../protocol/heartcoach';
import type { RecordInput } from '../records/record';
import type { Address } from '../values';

/**
 * Alice's cardiac cabinet (DESIGN §10, seed 000 step 6), relative to `now`: the same figures as the gateway's
 * fixture (gateway/testing/demo-cabinet.ts) when now is the seed's 2026-09-29 11:58. Heart failure, today's orders
 * with orderIds (furosemide 40 mg every morning is "the water pill"; amlodipine stopped at discharge), penicillin
 * allergy, care plan, goals, labs with potassium 4.1; a week of blood pressure, pulse, weight and steps with ids and
 * sources (you | device | chart); doses ticked against the orders; ankle swelling; check-ins at 08:00; one earlier
 * insight. Today she has not weighed herself yet — so "Still to do today: weight". Nothing later than `now` is made.
 */
const DAY = 86_400_000;
const WEIGHTS = [80.1, 80.3, 80.2, 80.4, 80.6, 81.0];
const BPS = ['128/82', '124/80', '130/84', '122/78', '126/80', '124/79', '126/80'];
const PULSES = [72, 70, 74, 69, 71, 70, 72];
const STEPS = [2100, 2600, 900, 1800, 3100, 2900];

export const DEMO_ORDERS: Order[] = [
  {
    orderId: 'ord-furosemide',
    drug: 'furosemide',
    dose: '40 mg',
    schedule: 'once daily, morning',
    aliases: ['water pill', 'Lasix'],
    active: true,
  },
  {
    orderId: 'ord-metoprolol',
    drug: 'metoprolol succinate',
    dose: '25 mg',
    schedule: 'once daily',
    aliases: ['beta blocker', 'Toprol'],
    active: true,
  },
  {
    orderId: 'ord-lisinopril',
    drug: 'lisinopril',
    dose: '5 mg',
    schedule: 'once daily',
    aliases: ['blood pressure pill'],
    active: true,
  },
  {
    orderId: 'ord-amlodipine',
    drug: 'amlodipine',
    dose: '5 mg',
    schedule: 'stopped at discharge',
    aliases: [],
    active: false,
  },
];

/** The seven UTC days ending today, oldest first. */
function week(now: number): string[] {
  return Array.from({ length: 7 }, (_, i) => new Date(now - (6 - i) * DAY).toISOString().slice(0, 10));
}

function coachRef() {
  const archetype = ARCHETYPES['heart-coach-patient-coach'];
  if (archetype === undefined)
    throw new HomeError(
      'DEMO_ARCHETYPE_MISSING',
      'The ontology has no heart-coach-patient-coach archetype for the demo insight.',
    );
  return { id: `skill:archetypes/${archetype.id}`, version: archetype.version, digest: archetype.definitionDigest };
}

export function demoCabinetRecords(owner: Address, now: number, patientName = 'Alice Okoro'): RecordInput[] {
  const days = week(now);
  const yesterday = days[5]!;
  const item = <T extends RecordInput['type']>(type: T, id: string, data: unknown) =>
    ({ id, type, owner, data }) as RecordInput;
  const readings: Reading[] = [];
  days.forEach((day, i) => {
    readings.push({
      id: `bp-${day}`,
      metric: 'bp',
      value: BPS[i]!,
      unit: 'mmHg',
      at: `${day}T08:05:00.000Z`,
      source: 'device',
    });
    readings.push({
      id: `pulse-${day}`,
      metric: 'pulse',
      value: PULSES[i]!,
      unit: 'bpm',
      at: `${day}T08:05:00.000Z`,
      source: 'device',
    });
    if (WEIGHTS[i] !== undefined)
      readings.push({
        id: `weight-${day}`,
        metric: 'weight',
        value: WEIGHTS[i]!,
        unit: 'kg',
        at: `${day}T07:50:00.000Z`,
        source: 'you',
      });
    if (STEPS[i] !== undefined)
      readings.push({
        id: `steps-${day}`,
        metric: 'steps',
        value: STEPS[i]!,
        unit: 'steps',
        at: `${day}T20:00:00.000Z`,
        source: 'device',
      });
  });
  readings.push({
    id: `bp-${days[2]}-chart`,
    metric: 'bp',
    value: '134/86',
    unit: 'mmHg',
    at: `${days[2]}T10:00:00.000Z`,
    source: 'chart',
  });
  readings.push({
    id: `steps-${days[6]}-morning`,
    metric: 'steps',
    value: 1100,
    unit: 'steps',
    at: `${days[6]}T10:30:00.000Z`,
    source: 'device',
  });
  const doses: Dose[] = days.flatMap((day) =>
    DEMO_ORDERS.filter((o) => o.active).map((o) => ({
      id: `dose-${o.orderId.slice(4)}-${day}`,
      orderId: o.orderId,
      drug: o.drug,
      at: `${day}T08:10:00.000Z`,
      taken: true,
    })),
  );
  const notLater = (record: { at: string }) => Date.parse(record.at) <= now;

  return [
    item('cabinet.profile', `cabinet.profile/${owner}`, {
      name: patientName,
      mirroredFrom: 'nextgen',
      mirroredAt: `${yesterday}T18:00:00.000Z`,
      diagnoses: ['heart-failure'],
      orders: DEMO_ORDERS,
      allergies: ['penicillin'],
      carePlan:
        'Weigh every morning; call if up 2 kg in two days. Under 2 g sodium, 1.5 L fluid a day. Walk daily, building up to 3000 steps.',
      goals: { steps: 3000, weightKg: 80 },
      labs: [
        { name: 'potassium', value: '4.1', unit: 'mmol/L', at: `${yesterday}T07:00:00.000Z` },
        { name: 'creatinine', value: '1.1', unit: 'mg/dL', at: `${yesterday}T07:00:00.000Z` },
      ],
    }),
    ...readings.filter(notLater).map((r) => item('cabinet.readings', r.id, r)),
    ...doses.filter(notLater).map((d) => item('cabinet.doses', d.id, d)),
    item('cabinet.symptoms', `symptom-${yesterday}`, {
      id: `symptom-${yesterday}`,
      text: 'ankles a little puffy',
      at: `${yesterday}T09:05:00.000Z`,
      tier: 'tell-care-team',
    }),
    item('cabinet.prefs', `cabinet.prefs/${owner}`, { checkIns: true, checkInAt: '08:00' }),
    item('cabinet.guidance', `guidance-${yesterday}`, {
      id: `guidance-${yesterday}`,
      type: 'heartcoach.guidance',
      at: `${yesterday}T09:06:00.000Z`,
      consultationKind: 'symptom',
      question: 'My ankles are puffy, is that bad?',
      say: 'A little puffiness is worth telling your nurse; I let the team know.',
      because:
        'Ankle swelling with heart failure can mean fluid building up, and your weight is up 0.4 kg since the day before.',
      tier: 'tell-care-team',
      theme: 'symptom',
      stillToDo: [],
      acted: [{ tool: 'heartcoach.message', ok: true, summary: 'told the care team: ankles a little puffy' }],
      builtFrom: [`symptom-${yesterday}`, `weight-${yesterday}`],
      archetypes: [coachRef()],
      under: [coachRef().digest],
    }),
  ];
}
