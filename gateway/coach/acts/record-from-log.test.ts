import { describe, expect, it } from 'vitest';
import { Refusal } from '../../errors';
import { demoCabinet } from '../../testing/demo-cabinet';
import { matchOrder, recordFromLogArgs } from './record-from-log';

const now = new Date('2026-09-29T11:58:00.000Z');
let n = 0;
const ctx = { now, id: (p: string) => `${p}-${(n += 1)}` };
const cabinet = demoCabinet();

describe('recordFromLogArgs', () => {
  it('logs the patient\'s own steps as a reading from "you"', () => {
    const made = recordFromLogArgs({ metric: 'steps', value: '2400' }, cabinet, ctx);
    expect(made).toMatchObject({
      folder: 'readings',
      record: { metric: 'steps', value: 2400, unit: 'steps', source: 'you', at: now.toISOString() },
      summary: 'logged 2400 steps',
    });
  });

  it('matches "water pill" to furosemide, an active order', () => {
    expect(matchOrder(cabinet.profile.orders, 'my water pill')?.drug).toBe('furosemide');
    const made = recordFromLogArgs({ metric: 'dose', value: 'water pill' }, cabinet, ctx);
    expect(made).toMatchObject({ folder: 'doses', record: { orderId: 'ord-furosemide', taken: true } });
  });

  it("refuses a dose with no active order, listing today's orders (a stopped one is not matched)", () => {
    expect(() => recordFromLogArgs({ metric: 'dose', value: 'amlodipine' }, cabinet, ctx)).toThrow(
      'no active order matches "amlodipine" — today\'s orders are furosemide 40 mg (water pill), metoprolol succinate 25 mg (beta blocker), lisinopril 5 mg (blood pressure pill)',
    );
  });

  it('refuses numbers it cannot log and times in the future, in words', () => {
    expect(() => recordFromLogArgs({ metric: 'steps', value: 'lots' }, cabinet, ctx)).toThrow(Refusal);
    expect(() => recordFromLogArgs({ metric: 'bp', value: '128' }, cabinet, ctx)).toThrow(
      /not a blood pressure like 128\/82/,
    );
    expect(() =>
      recordFromLogArgs({ metric: 'weight', value: '81', at: '2026-09-30T08:00:00Z' }, cabinet, ctx),
    ).toThrow(/already happened/);
    expect(recordFromLogArgs({ metric: 'weight', value: '179', unit: 'lb' }, cabinet, ctx).record).toMatchObject({
      unit: 'lb',
      value: 179,
    });
  });

  it('cannot match a dose when the profile was not granted', () => {
    const { profile: _p, ...withoutProfile } = cabinet;
    expect(() => recordFromLogArgs({ metric: 'dose', value: 'water pill' }, withoutProfile, ctx)).toThrow(
      /profile .* was not shared/,
    );
  });
});
