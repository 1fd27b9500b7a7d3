import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { alertsOf, deskRecord, enrollmentsOf, practiceAt } from './reads';
import {
  assignRole,
  enroll,
  openTransition,
  practiceGrantOf,
  putMember,
  putPatient,
  putPractice,
  putPracticeGrant,
} from './roster';
import { DESK_MIGRATIONS, migrateDesk } from './schema';
import { liveWireOf, putRefreshToken, putWire, refreshTokenOf, revokeRefreshToken } from './sessions';
import type { Sql } from './sql';
import { acknowledgeAlert, appendThread, raiseAlert, recordMilestone } from './writes';

const PRACTICE = '0x00000000000000000000000000000000000000A1';
const DAVE = '0x00000000000000000000000000000000000000D1';
const ALICE = '0x00000000000000000000000000000000000000A2';

describe.each(testDatabases())('the desk store on $name', (database) => {
  let sql: Sql;
  beforeAll(async () => {
    sql = await database.open();
    await migrateDesk(sql);
    await putPractice(sql, { address: PRACTICE, name: 'Atria Heart', steward: DAVE });
    await putMember(sql, { practice: PRACTICE, address: DAVE, name: 'Dr. Dave Silva, MD' });
    await putPatient(sql, { address: ALICE, name: 'Alice Okoro' });
    await enroll(sql, {
      practice: PRACTICE,
      patient: ALICE,
      enrolledAt: '2026-09-25T12:00:00Z',
      carePlan: 'Daily weights.',
    });
    await assignRole(sql, { practice: PRACTICE, patient: ALICE, member: DAVE, role: 'cardiologist' });
    await openTransition(sql, {
      id: 'tr-1',
      practice: PRACTICE,
      patient: ALICE,
      condition: 'heart-failure',
      facility: "St. Anne's",
      dischargedAt: '2026-09-25T12:00:00Z',
      milestones: ['visit-7d', 'discharge-med-rec'],
    });
  });
  afterAll(() => sql.close());

  it('migrates once: a second run applies nothing and the version table says so', async () => {
    await migrateDesk(sql);
    const rows = await sql.query<{ version: number }>('SELECT version FROM desk_schema ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(DESK_MIGRATIONS.map((m) => m.version));
  });

  it('reads the desk record by lower-cased addresses whatever case the caller uses', async () => {
    expect(await practiceAt(sql, PRACTICE.toUpperCase().replace('0X', '0x'))).toMatchObject({ name: 'Atria Heart' });
    const record = await deskRecord(sql, PRACTICE, ALICE);
    expect(record?.enrollment).toMatchObject({
      practiceName: 'Atria Heart',
      patientName: 'Alice Okoro',
      enrolledAt: '2026-09-25T12:00:00.000Z',
    });
    expect(record?.team).toEqual([
      { address: DAVE.toLowerCase(), name: 'Dr. Dave Silva, MD', roles: ['cardiologist'] },
    ]);
    expect(record?.transition?.milestones.map((m) => [m.milestone, m.status])).toEqual([
      ['discharge-med-rec', 'due'],
      ['visit-7d', 'due'],
    ]);
    expect(await deskRecord(sql, PRACTICE, DAVE)).toBeNull();
    expect((await enrollmentsOf(sql, ALICE)).map((e) => e.practice)).toEqual([PRACTICE.toLowerCase()]);
  });

  it('writes a thread message, raises and resolves an alert, records a milestone', async () => {
    await appendThread(sql, {
      practice: PRACTICE,
      patient: ALICE,
      id: 'msg-1',
      fromAddress: DAVE,
      fromName: 'Dr. Dave Silva, MD',
      fromRole: 'cardiologist',
      toAddress: ALICE,
      toName: 'Alice Okoro',
      text: 'Potassium 4.1; the plan stands.',
      sentAt: '2026-09-29T12:00:00Z',
    });
    await raiseAlert(sql, {
      id: 'alert-1',
      practice: PRACTICE,
      patient: ALICE,
      severity: 'tell-care-team',
      text: 'ankles swollen',
      raisedAt: '2026-09-28T09:00:00Z',
      raisedBy: 'heartcoach',
    });
    const resolved = await acknowledgeAlert(sql, {
      practice: PRACTICE,
      patient: ALICE,
      alertId: 'alert-1',
      by: DAVE,
      byName: 'Dr. Dave Silva, MD',
      at: '2026-09-29T12:01:00Z',
      note: 'Called',
      resolve: true,
    });
    expect(resolved).toMatchObject({ state: 'resolved', acknowledgedByName: 'Dr. Dave Silva, MD' });
    expect(
      await acknowledgeAlert(sql, {
        practice: PRACTICE,
        patient: ALICE,
        alertId: 'alert-404',
        by: DAVE,
        byName: 'x',
        at: '2026-09-29T12:01:00Z',
        note: '',
        resolve: true,
      }),
    ).toBeNull();
    expect(
      await recordMilestone(sql, {
        transitionId: 'tr-1',
        milestone: 'visit-7d',
        by: DAVE,
        byName: 'Dr. Dave',
        as: 'cardiologist',
        at: '2026-09-29T12:02:00Z',
        note: 'seen',
      }),
    ).toBe(true);
    expect(
      await recordMilestone(sql, {
        transitionId: 'tr-1',
        milestone: 'nope',
        by: DAVE,
        byName: 'Dr. Dave',
        as: 'cardiologist',
        at: '2026-09-29T12:02:00Z',
        note: '',
      }),
    ).toBe(false);
    const record = await deskRecord(sql, PRACTICE, ALICE);
    expect(record?.thread.map((m) => m.text)).toEqual(['Potassium 4.1; the plan stands.']);
    expect((await alertsOf(sql, PRACTICE, ALICE))[0]).toMatchObject({
      id: 'alert-1',
      state: 'resolved',
      note: 'Called',
    });
    expect(record?.transition?.milestones.find((m) => m.milestone === 'visit-7d')).toMatchObject({
      status: 'done',
      doneAs: 'cardiologist',
    });
  });

  it('keeps a practice grant as JSON, and refresh tokens and wires with expiry and revocation', async () => {
    await putPracticeGrant(sql, {
      practice: PRACTICE,
      member: DAVE,
      grant: { delegation: { salt: '0x01' } },
      grantedAt: '2026-09-25T12:00:00Z',
    });
    expect(await practiceGrantOf(sql, PRACTICE, DAVE)).toEqual({ delegation: { salt: '0x01' } });
    expect(await practiceGrantOf(sql, PRACTICE, ALICE)).toBeNull();
    await putRefreshToken(sql, {
      tokenHash: 'h1',
      subject: ALICE,
      name: 'Alice',
      issuedAt: '2026-09-29T00:00:00Z',
      expiresAt: '2026-10-29T00:00:00Z',
    });
    expect(await refreshTokenOf(sql, 'h1')).toMatchObject({ subject: ALICE.toLowerCase(), revokedAt: null });
    expect(await revokeRefreshToken(sql, 'h1', '2026-09-29T01:00:00Z')).toBe(true);
    expect(await revokeRefreshToken(sql, 'h1', '2026-09-29T01:00:00Z')).toBe(false);
    await putWire(sql, {
      hash: 'w1',
      person: ALICE,
      delegate: DAVE,
      origin: 'http://127.0.0.1:8787',
      expiresAt: '2026-10-01T00:00:00Z',
      wire: { a: 1 },
      registeredAt: '2026-09-29T00:00:00Z',
    });
    expect(await liveWireOf(sql, ALICE, '2026-09-30T00:00:00Z')).toMatchObject({ hash: 'w1', wire: { a: 1 } });
    expect(await liveWireOf(sql, ALICE, '2026-10-02T00:00:00Z')).toBeNull();
  });
});
