import type { Cabinet, Dose, Reading } from '../../src/protocol/heartcoach';

/**
 * Alice's cabinet as her agent would send it to HeartCoach on 2026-09-29 (the seed's "now"): her cardiac profile
 * with today's active orders (furosemide is "the water pill"), a week of readings, doses, a symptom, check-in
 * preferences and one earlier insight. Today she has logged her blood pressure, some steps and her doses, but not
 * her weight — so "Still to do today: weight".
 */
export const DEMO_NOW = '2026-09-29T11:58:00.000Z';

const DAYS = ['2026-09-23', '2026-09-24', '2026-09-25', '2026-09-26', '2026-09-27', '2026-09-28', '2026-09-29'];
const WEIGHTS = [80.1, 80.3, 80.2, 80.4, 80.6, 81.0];
const BPS = ['128/82', '124/80', '130/84', '122/78', '126/80', '124/79', '126/80'];
const STEPS = [2100, 2600, 900, 1800, 3100, 2900];

const ORDERS = [
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

export function demoCabinet(name = 'Alice Okoro'): Required<Cabinet> {
  const readings: Reading[] = [];
  DAYS.forEach((day, i) => {
    readings.push({
      id: `bp-${day}`,
      metric: 'bp',
      value: BPS[i]!,
      unit: 'mmHg',
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
        source: 'device',
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
    id: 'steps-2026-09-29-morning',
    metric: 'steps',
    value: 1100,
    unit: 'steps',
    at: '2026-09-29T10:30:00.000Z',
    source: 'device',
  });
  const doses: Dose[] = DAYS.flatMap((day) =>
    ORDERS.filter((o) => o.active).map((o) => ({
      id: `dose-${o.orderId.slice(4)}-${day}`,
      orderId: o.orderId,
      drug: o.drug,
      at: `${day}T08:10:00.000Z`,
      taken: true,
    })),
  );
  return {
    profile: {
      name,
      mirroredFrom: 'nextgen',
      mirroredAt: '2026-09-28T18:00:00.000Z',
      diagnoses: ['heart-failure'],
      orders: ORDERS,
      allergies: ['penicillin'],
      carePlan:
        'Weigh every morning; call if up 2 kg in two days. Under 2 g sodium, 1.5 L fluid a day. Walk daily, building up to 3000 steps.',
      goals: { steps: 3000, weightKg: 80 },
      labs: [
        { name: 'potassium', value: '4.1', unit: 'mmol/L', at: '2026-09-28T07:00:00.000Z' },
        { name: 'creatinine', value: '1.1', unit: 'mg/dL', at: '2026-09-28T07:00:00.000Z' },
      ],
    },
    readings,
    doses,
    symptoms: [
      {
        id: 'symptom-2026-09-28',
        text: 'ankles a little puffy',
        at: '2026-09-28T09:05:00.000Z',
        tier: 'tell-care-team',
      },
    ],
    prefs: { checkIns: true, checkInAt: '08:00' },
    guidance: [
      {
        id: 'guidance-2026-09-28',
        at: '2026-09-28T09:06:00.000Z',
        question: 'My ankles are puffy, is that bad?',
        say: 'A little puffiness is worth telling your nurse; I let the team know.',
        tier: 'tell-care-team',
        theme: 'symptom',
      },
    ],
  };
}
