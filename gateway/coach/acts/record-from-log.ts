import type { Cabinet, Dose, Order, Reading } from '../../../src/protocol/heartcoach';
import { orderCalled } from '../../../src/protocol/medicine-names';
import { refuse } from '../../errors';

/** heartcoach.log's arguments, as the ontology's input schema admits them. */
export type LogArgs = {
  metric: 'steps' | 'weight' | 'bp' | 'pulse' | 'dose';
  value: string;
  unit?: string;
  at?: string;
};

export type LogRecord =
  { folder: 'readings'; record: Reading; summary: string } | { folder: 'doses'; record: Dose; summary: string };

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9/ .-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The active order a dose in plain words names: by drug name, by an alias the chart gives it, or by what the
 * ontology's drug classes call its drug ("water pill" is the one active diuretic: src/protocol/medicine-names.ts).
 */
export function matchOrder(orders: readonly Order[], said: string): Order | null {
  const w = words(said);
  const active = orders.filter((o) => o.active);
  return (
    active.find((o) =>
      [o.drug, ...o.aliases].some((name) => {
        const n = words(name);
        return n.length > 0 && (w === n || w.includes(n) || n.includes(w));
      }),
    ) ?? orderCalled(active, said)
  );
}

const RANGES = { steps: [0, 100_000, 'steps'], weight: [20, 400, 'kg'], pulse: [20, 250, 'bpm'] } as const;

/**
 * Turns heartcoach.log's arguments into the record the person's agent will file (recordFromLogArgs, seed 000 §5.2):
 * a reading with the patient's own number, or a dose matched against today's active orders. Refuses in words — never
 * guesses a number or a medicine.
 */
export function recordFromLogArgs(
  args: LogArgs,
  cabinet: Cabinet,
  ctx: { now: Date; id: (prefix: string) => string },
): LogRecord {
  const at = args.at ?? ctx.now.toISOString();
  if (Number.isNaN(Date.parse(at)) || Date.parse(at) > ctx.now.getTime() + 60_000) {
    throw refuse.badRequest(`"${args.at}" is not a time that has already happened; say when it was measured`);
  }
  const iso = new Date(at).toISOString();
  if (args.metric === 'dose') {
    const profile = cabinet.profile;
    if (profile === undefined)
      throw refuse.badRequest(
        "the cabinet's profile (today's orders) was not shared, so a dose cannot be matched to an order",
      );
    const active = profile.orders.filter((o) => o.active);
    const order = matchOrder(active, args.value);
    if (order === null) {
      const list = active
        .map((o) => `${o.drug} ${o.dose}${o.aliases.length > 0 ? ` (${o.aliases[0]})` : ''}`)
        .join(', ');
      throw refuse.badRequest(`no active order matches "${args.value}" — today's orders are ${list || 'none'}`);
    }
    const dose: Dose = { id: ctx.id('dose'), orderId: order.orderId, drug: order.drug, at: iso, taken: true };
    return {
      folder: 'doses',
      record: dose,
      summary: `logged a dose of ${order.drug} ${order.dose} (order ${order.orderId})`,
    };
  }
  if (args.metric === 'bp') {
    const bp = args.value.replace(/\s+/g, '');
    if (!/^\d{2,3}\/\d{2,3}$/.test(bp))
      throw refuse.badRequest(`"${args.value}" is not a blood pressure like 128/82; ask for both numbers`);
    const reading: Reading = { id: ctx.id('bp'), metric: 'bp', value: bp, unit: 'mmHg', at: iso, source: 'you' };
    return { folder: 'readings', record: reading, summary: `logged blood pressure ${bp} mmHg` };
  }
  const [min, max, unit] = RANGES[args.metric];
  const value = Number(args.value.replace(/,/g, ''));
  if (!Number.isFinite(value) || value < min || value > max) {
    throw refuse.badRequest(
      `"${args.value}" is not a ${args.metric} reading HeartCoach can log (${min}–${max} ${unit}); ask for the number`,
    );
  }
  const given = args.unit?.trim().toLowerCase();
  const readingUnit = args.metric === 'weight' && (given === 'lb' || given === 'lbs') ? 'lb' : unit;
  const reading: Reading = {
    id: ctx.id(args.metric),
    metric: args.metric,
    value,
    unit: readingUnit,
    at: iso,
    source: 'you',
  };
  return {
    folder: 'readings',
    record: reading,
    summary: `logged ${value} ${args.metric === 'steps' ? 'steps' : `${readingUnit} ${args.metric}`}`,
  };
}
