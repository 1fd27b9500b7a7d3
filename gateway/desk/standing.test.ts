import { describe, expect, it } from 'vitest';
import { CARE_ROLES } from '../../src/ontology/health-portal.generated';
import { capabilitiesOf, entitled, rolesOver, standingOf } from './standing';
import type { DeskRecord } from './types';

const CAROL = '0x00000000000000000000000000000000000000c1';
const DANA = '0x00000000000000000000000000000000000000d1';
const record = {
  enrollment: {
    practice: '0x00000000000000000000000000000000000000a0',
    practiceName: 'Atria Heart',
    patient: '0x00000000000000000000000000000000000000a1',
    patientName: 'Alice Okoro',
    enrolledAt: '',
    carePlan: '',
  },
  team: [
    { address: CAROL, name: 'Carol', roles: ['care-coordinator'] },
    { address: DANA, name: 'Dana Ortiz, RD', roles: ['dietitian', 'volunteer'] },
  ],
  alerts: [],
  thread: [],
  transition: null,
  planNotes: [],
} as DeskRecord;

describe("standing on a patient's team (seed 000 step 3)", () => {
  it('reads roles from the care-team record; a steward holds clinical-manager implicitly; unknown roles count for nothing', () => {
    expect(rolesOver(record, CAROL, CAROL)).toEqual(['care-coordinator', 'clinical-manager']);
    expect(
      rolesOver(record, CAROL.toUpperCase().replace('0X', '0x'), '0x0000000000000000000000000000000000000000'),
    ).toEqual(['care-coordinator']);
    expect(rolesOver(record, DANA, CAROL)).toEqual(['dietitian']);
  });

  it('takes capabilities from hp:roleEntitles, the union over roles', () => {
    expect(capabilitiesOf(['dietitian'])).toEqual([...CARE_ROLES.dietitian.entitles].sort());
    expect(capabilitiesOf(['care-coordinator', 'clinical-manager'])).toContain('team.manage');
  });

  it('refuses in words: 403 naming the roles and the capability; 404 when not on the team at all', () => {
    const dana = standingOf(record, { address: DANA, name: 'Dana Ortiz, RD' }, CAROL);
    expect(entitled(dana, 'Alice Okoro', 'chart.read')).toBeNull();
    expect(entitled(dana, 'Alice Okoro', 'alerts.acknowledge')).toMatchObject({
      status: 403,
      code: 'not_entitled',
      message: "your role on Alice Okoro's team (dietitian) is not for alerts.acknowledge — hp:roleEntitles",
    });
    const stranger = standingOf(record, { address: '0x00000000000000000000000000000000000000ee', name: 'Sam' }, CAROL);
    expect(entitled(stranger, 'Alice Okoro', 'chart.read')).toMatchObject({
      status: 404,
      code: 'not_on_team',
      message: 'no enrollment on this desk names that patient — or your grant does not reach it',
    });
  });
});
