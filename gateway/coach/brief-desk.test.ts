import { describe, expect, it } from 'vitest';
import { MILESTONES } from '../../src/ontology/health-portal.generated';
import { standingOf } from '../desk/standing';
import type { DeskRecord } from '../desk/types';
import { deskBrief } from './brief-desk';

const DAVE = '0x00000000000000000000000000000000000000d1';
const NATHAN = '0x00000000000000000000000000000000000000b2';
const record: DeskRecord = {
  enrollment: {
    practice: '0x00000000000000000000000000000000000000a0',
    practiceName: 'Atria Heart',
    patient: '0x00000000000000000000000000000000000000a1',
    patientName: 'Alice Okoro',
    enrolledAt: '2026-09-25T12:00:00.000Z',
    carePlan: 'Daily weights.',
  },
  team: [
    { address: DAVE, name: 'Dr. Dave Silva, MD', roles: ['cardiologist'] },
    { address: NATHAN, name: 'Nathan Reyes', roles: ['pharmacist'] },
  ],
  alerts: [
    {
      id: 'alert-1',
      severity: 'tell-care-team',
      state: 'open',
      text: 'ankles puffy',
      raisedAt: '2026-09-28T09:10:00.000Z',
      raisedBy: 'heartcoach',
      acknowledgedBy: null,
      acknowledgedByName: null,
      acknowledgedAt: null,
      note: null,
    },
  ],
  thread: [],
  transition: {
    id: 't',
    condition: 'heart-failure',
    facility: "St. Anne's",
    dischargedAt: '2026-09-25T12:00:00.000Z',
    milestones: MILESTONES.map((m) =>
      m.id === 'discharge-med-rec'
        ? {
            milestone: m.id,
            status: 'done' as const,
            doneBy: NATHAN,
            doneByName: 'Nathan Reyes',
            doneAs: 'pharmacist',
            doneAt: '2026-09-26T10:00:00.000Z',
            note: null,
          }
        : {
            milestone: m.id,
            status: 'due' as const,
            doneBy: null,
            doneByName: null,
            doneAs: null,
            doneAt: null,
            note: null,
          },
    ),
  },
  planNotes: [],
};

describe('deskBrief (seed 000 step 6, the care team)', () => {
  const brief = deskBrief(
    record,
    standingOf(record, { address: DAVE, name: 'Dr. Dave Silva, MD' }, '0x0000000000000000000000000000000000000000'),
    new Date('2026-09-29T11:58:00.000Z'),
  );

  it("says the day after discharge and marks the cardiologist's undone milestone YOURS TO RECORD", () => {
    expect(brief).toContain(
      "## The thirty days — day 3 after discharge (heart-failure, St. Anne's, discharged 2026-09-25)",
    );
    expect(brief).toContain(
      '- visit-7d · Seven-day post-discharge visit · owner Cardiologist · due 2026-10-02 12:00 · DUE · YOURS TO RECORD',
    );
    expect(brief).toContain(
      '- discharge-med-rec · Discharge medication reconciliation · owner Pharmacist · due 2026-09-26 12:00 · DONE by Nathan Reyes as Pharmacist 2026-09-26 10:00',
    );
    expect(brief.match(/YOURS TO RECORD/g)).toHaveLength(1);
  });

  it('speaks the ontology: roles, what they are for, what they owe and never do; and where readings live', () => {
    expect(brief).toContain('Roles: Cardiologist.');
    expect(brief).toContain('alerts.acknowledge');
    expect(brief).toMatch(/\(hp:roleDuty\)/);
    expect(brief).toMatch(/\(hp:roleNeverDoes\)/);
    expect(brief).toContain('live in THEIR cabinet, not on this desk');
    expect(brief).toContain('(alertId alert-1)');
  });
});
