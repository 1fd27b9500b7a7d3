import { describe, expect, it } from 'vitest';
import type { Cabinet } from '../../src/protocol/heartcoach';
import { cabinetBrief, stillToDoToday } from './brief-cabinet';

/** "Today" is the patient's own day, not the UTC day: a Chicago evening is still that day in Chicago. */
const order = { orderId: 'o1', drug: 'furosemide', dose: '40 mg', schedule: 'mornings', aliases: [], active: true };
const profile = {
  name: 'Pat',
  diagnoses: [],
  orders: [order],
  allergies: [],
  carePlan: '',
  goals: {},
  labs: [],
};
// 21:30 on 29 September in Chicago (CDT, UTC-5) is 02:30 on 30 September in UTC.
const now = new Date('2026-09-30T02:30:00Z');
const logged: Cabinet = {
  profile,
  readings: [
    { id: 'r1', metric: 'bp', value: '128/80', at: '2026-09-29T08:00:00-05:00' },
    { id: 'r2', metric: 'weight', value: 81.2, at: '2026-09-29T08:05:00-05:00' },
    { id: 'r3', metric: 'steps', value: 5400, at: '2026-09-29T20:00:00-05:00' },
  ],
  doses: [{ id: 'd1', orderId: 'o1', drug: 'furosemide', at: '2026-09-29T08:10:00-05:00', taken: true }],
} as unknown as Cabinet;

describe("the patient's today", () => {
  it('counts the evening in Chicago as the same day when the preferences name the zone', () => {
    const cabinet = { ...logged, prefs: { checkIns: true, timeZone: 'America/Chicago' } } as Cabinet;
    expect(stillToDoToday(cabinet, now)).toEqual([]);
    expect(cabinetBrief(cabinet, now)).toMatch(/the patient's today is 2026-09-29 \(America\/Chicago\)/);
    expect(cabinetBrief(cabinet, now)).toMatch(/Doses today: furosemide taken/);
  });

  it('falls back to the offset the latest entry was written with, then to UTC', () => {
    expect(stillToDoToday(logged, now)).toEqual([]);
    expect(cabinetBrief(logged, now)).toMatch(/\(UTC-05:00\)/);
    // Written in UTC: then the UTC day is the patient's, and 30 September has nothing logged yet.
    const utc = {
      ...logged,
      readings: logged.readings!.map((r) => ({ ...r, at: new Date(r.at).toISOString() })),
      doses: logged.doses!.map((d) => ({ ...d, at: new Date(d.at).toISOString() })),
    } as Cabinet;
    expect(stillToDoToday(utc, now)).toEqual(['bp', 'weight', 'doses']); // the steps, 01:00 UTC, are the 30th's
  });

  it('the next morning in Chicago is a new day: everything is still to do', () => {
    const cabinet = { ...logged, prefs: { checkIns: true, timeZone: 'America/Chicago' } } as Cabinet;
    expect(stillToDoToday(cabinet, new Date('2026-09-30T13:00:00Z'))).toEqual(['bp', 'weight', 'steps', 'doses']);
  });
});
