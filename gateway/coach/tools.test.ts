import { describe, expect, it } from 'vitest';
import { COACH_TOOLS, MILESTONES } from '../../src/ontology/health-portal.generated';
import type { Transition } from '../desk/types';
import { boundTools, careTeamTools, stripVendorKeys } from './tools';

const transition = (done: string[]): Transition => ({
  id: 't',
  condition: 'heart-failure',
  facility: "St. Anne's",
  dischargedAt: '2026-09-25T12:00:00.000Z',
  milestones: MILESTONES.map((m) => ({
    milestone: m.id,
    status: done.includes(m.id) ? 'done' : 'due',
    doneBy: null,
    doneByName: null,
    doneAs: null,
    doneAt: null,
    note: null,
  })),
});
const ids = (offer: ReturnType<typeof boundTools>) => offer.tools.map((t) => t.id);

describe('tools per consultation (seed 000 step 5)', () => {
  it('binds log, triage and message for the patient with coach_reply last, and EMR sync only with an EMR', () => {
    expect(ids(boundTools({ emr: false }))).toEqual([
      'heartcoach.log',
      'heartcoach.triage',
      'heartcoach.message',
      'coach_reply',
    ]);
    expect(ids(boundTools({ emr: true }))).toContain('heartcoach.emr.sync');
  });

  it('offers each tool under its model name and maps it back to the registered id', () => {
    const offer = careTeamTools(['cardiologist'], transition([]));
    expect(offer.tools.map((t) => t.modelName)).toEqual([
      'heartcoach__message',
      'heartcoach__alert__ack',
      'heartcoach__transition',
      'heartcoach__plan',
      'coach_reply',
    ]);
    expect(offer.byModelName.get('heartcoach__alert__ack')?.id).toBe('heartcoach.alert.ack');
    for (const tool of offer.tools) expect(tool.modelName).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it('gives a dietitian message and coach_reply only, and a caregiver the same', () => {
    expect(ids(careTeamTools(['dietitian'], transition([])))).toEqual(['heartcoach.message', 'coach_reply']);
    expect(ids(careTeamTools(['caregiver'], transition([])))).toEqual(['heartcoach.message', 'coach_reply']);
  });

  it('offers the pharmacist transition only while a pharmacist milestone is undone', () => {
    expect(ids(careTeamTools(['pharmacist'], transition(['discharge-med-rec'])))).toContain('heartcoach.transition');
    expect(ids(careTeamTools(['pharmacist'], transition(['discharge-med-rec', 'med-adherence-check'])))).toEqual([
      'heartcoach.message',
      'coach_reply',
    ]);
    expect(ids(careTeamTools(['pharmacist'], null))).toEqual(['heartcoach.message', 'coach_reply']);
  });

  it('never offers a HighConsequence capability', () => {
    const all = new Set([
      ...ids(boundTools({ emr: true })),
      ...ids(careTeamTools(['cardiologist', 'care-coordinator', 'clinical-manager', 'nurse'], transition([]))),
    ]);
    for (const id of all) expect(COACH_TOOLS[id]?.tier).not.toBe('HighConsequence');
  });

  it("strips vendor x- keys from the registry's schemas, at any depth", () => {
    expect(
      stripVendorKeys({ type: 'object', 'x-ui': 1, properties: { a: { type: 'string', 'x-hint': 'h' } } }),
    ).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
  });
});
