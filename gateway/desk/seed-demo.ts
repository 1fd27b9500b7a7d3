import { CARE_ROLES, MILESTONES, type CareRoleId } from '../../src/ontology/health-portal.generated';
import { DEMO_ORGANIZATIONS, DEMO_PEOPLE, type DemoPersonId } from '../../src/protocol/demo-identities';
import { assignRole, enroll, openTransition, putMember, putPatient, putPractice, putPracticeGrant } from './roster';
import type { Sql } from './sql';
import type { Address } from './types';
import { appendThread, raiseAlert, recordMilestone } from './writes';

/**
 * The demo desk, seeded from the demo identities: Atria Heart with its members and their roles; Alice
 * Okoro enrolled on day 3 after a heart-failure discharge on 2026-09-25 (discharge-med-rec done by Nathan, visit-7d
 * due and Dave's), an open alert and a short thread; Bob enrolled with a smaller team; each member's practice grant
 * signed by Atria Heart's Smart Agent, scoped to the desk capabilities of their roles. Idempotent.
 */
export type DemoDirectory = {
  /** The Smart Agent address of a demo person, or of the practice ('atria-heart'). */
  addressOf(id: DemoPersonId | 'atria-heart'): Address;
  /** A practice grant from Atria Heart's Smart Agent to the member, scoped to `capabilities`. */
  practiceGrant(member: DemoPersonId, capabilities: readonly string[]): Promise<unknown>;
};

export const DISCHARGED_AT = '2026-09-25T12:00:00.000Z';
export const ALICE_TRANSITION = 'transition-alice-2026-09-25';

/** Who holds which roles on whose team at Atria Heart. */
export const DEMO_TEAMS: Readonly<Record<'alice' | 'bob', ReadonlyArray<[DemoPersonId, CareRoleId]>>> = {
  alice: [
    ['dave', 'cardiologist'],
    ['priya', 'primary-care-physician'],
    ['nathan', 'pharmacist'],
    ['carol', 'care-coordinator'],
    ['carol', 'clinical-manager'],
    ['dietitian', 'dietitian'],
    ['nurse', 'nurse'],
    ['caregiver', 'caregiver'],
  ],
  bob: [
    ['dave', 'cardiologist'],
    ['nurse', 'nurse'],
    ['carol', 'care-coordinator'],
    ['carol', 'clinical-manager'],
  ],
};

/** The union of what a member's roles at the practice are for: the scope of their practice grant. */
export function grantCapabilities(member: DemoPersonId): string[] {
  const roles = new Set(
    Object.values(DEMO_TEAMS).flatMap((team) => team.filter(([m]) => m === member).map(([, r]) => r)),
  );
  return [...new Set([...roles].flatMap((role) => CARE_ROLES[role].entitles))].sort();
}

/** The seed's "now" (day 3 after Alice's discharge), from which a live demo's dates are shifted. */
export const DEMO_DESK_NOW = '2026-09-29T11:58:00.000Z';

/**
 * `now` given (a live gateway on the system clock): every demo date moves by the time between the seed's "now" and
 * this one (to the minute), so the demo starts on day 3 of Alice's thirty whatever the hour. Tests pass nothing.
 */
export async function seedDemoDesk(sql: Sql, dir: DemoDirectory, options: { now?: Date } = {}): Promise<void> {
  const shift =
    options.now === undefined ? 0 : Math.round((options.now.getTime() - Date.parse(DEMO_DESK_NOW)) / 60_000) * 60_000;
  const at = (iso: string) => new Date(Date.parse(iso) + shift).toISOString();
  const practice = dir.addressOf('atria-heart');
  const a = (id: DemoPersonId) => dir.addressOf(id);
  const members = [...new Set(Object.values(DEMO_TEAMS).flatMap((team) => team.map(([m]) => m)))];
  // A desk already seeded is left alone (start-up stays fast, and a grant the practice revoked stays revoked).
  const seeded = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM practice_grants g JOIN transitions t ON t.practice = g.practice WHERE g.practice = $1 AND t.id = $2`,
    [practice, ALICE_TRANSITION],
  );
  if (seeded[0]!.n >= members.length) return;
  const grants = await Promise.all(
    members.map(async (m) => [m, await dir.practiceGrant(m, grantCapabilities(m))] as const),
  );
  await sql.transaction(async (tx) => {
    await putPractice(tx, {
      address: practice,
      name: DEMO_ORGANIZATIONS['atria-heart'].name,
      steward: a(DEMO_ORGANIZATIONS['atria-heart'].stewardId),
    });
    for (const m of members) await putMember(tx, { practice, address: a(m), name: DEMO_PEOPLE[m].name });
    for (const [m, grant] of grants)
      await putPracticeGrant(tx, { practice, member: a(m), grant, grantedAt: at('2026-09-20T09:00:00.000Z') });
    await putPatient(tx, { address: a('alice'), name: DEMO_PEOPLE.alice.name });
    await putPatient(tx, { address: a('bob'), name: DEMO_PEOPLE.bob.name });
    await enroll(tx, {
      practice,
      patient: a('alice'),
      enrolledAt: at(DISCHARGED_AT),
      carePlan:
        'Weigh every morning; call if up 2 kg in two days. Under 2 g sodium, 1.5 L fluid a day. Walk daily, building up to 3000 steps.',
    });
    await enroll(tx, {
      practice,
      patient: a('bob'),
      enrolledAt: at('2026-09-20T10:00:00.000Z'),
      carePlan: 'Blood pressure twice a day; walk 30 minutes.',
    });
    for (const [patient, team] of Object.entries(DEMO_TEAMS)) {
      for (const [m, role] of team)
        await assignRole(tx, { practice, patient: a(patient as DemoPersonId), member: a(m), role });
    }
    const existing = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM transitions WHERE id = $1`, [
      ALICE_TRANSITION,
    ]);
    if (existing[0]!.n > 0) return; // the story below is written once
    await openTransition(tx, {
      id: ALICE_TRANSITION,
      practice,
      patient: a('alice'),
      condition: 'heart-failure',
      facility: "St. Anne's",
      dischargedAt: at(DISCHARGED_AT),
      milestones: MILESTONES.map((m) => m.id),
    });
    await recordMilestone(tx, {
      transitionId: ALICE_TRANSITION,
      milestone: 'discharge-med-rec',
      by: a('nathan'),
      byName: DEMO_PEOPLE.nathan.name,
      as: 'pharmacist',
      at: at('2026-09-26T10:00:00.000Z'),
      note: 'Reconciled: furosemide 40 mg each morning continues; home amlodipine stopped.',
    });
    await raiseAlert(tx, {
      id: 'alert-alice-0928',
      practice,
      patient: a('alice'),
      severity: 'tell-care-team',
      text: 'Ankles a little puffy; weight up 0.8 kg in two days.',
      raisedAt: at('2026-09-28T09:10:00.000Z'),
      raisedBy: 'heartcoach',
    });
    const say = (id: string, from: DemoPersonId, fromRole: string, to: DemoPersonId, text: string, sentAt: string) =>
      appendThread(tx, {
        id,
        practice,
        patient: a('alice'),
        fromAddress: a(from),
        fromName: DEMO_PEOPLE[from].name,
        fromRole,
        toAddress: a(to),
        toName: DEMO_PEOPLE[to].name,
        text,
        sentAt: at(sentAt),
      });
    await say(
      'msg-alice-1',
      'nathan',
      'pharmacist',
      'alice',
      'I went through your medicines: keep the water pill (furosemide) every morning; the amlodipine is stopped.',
      '2026-09-26T10:05:00.000Z',
    );
    await say(
      'msg-alice-2',
      'alice',
      'patient',
      'nurse',
      'My ankles are a bit puffy today.',
      '2026-09-28T09:12:00.000Z',
    );
    await say(
      'msg-alice-3',
      'nurse',
      'nurse',
      'alice',
      'Thanks, Alice. Keep your feet up and weigh in tomorrow morning; I will call you at 2.',
      '2026-09-28T10:30:00.000Z',
    );
  });
}
