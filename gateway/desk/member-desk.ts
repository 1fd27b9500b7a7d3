import { Refusal, refuse } from '../errors';
import type { GrantVerifier } from '../ports';
import { practiceGrantOf } from './roster';
import type { Sql } from './sql';
import type { Address, Alert, ThreadMessage } from './types';
import { acknowledgeAlert, addPlanNote, appendThread, recordMilestone } from './writes';

/**
 * The desk as a care-team member writes to it. Gate 2 lives here, beside the rows (DESIGN §10): every write first
 * verifies the member's practice grant — the delegation from the practice's Smart Agent, by ERC-1271/6492 and not
 * revoked — for the capability the write needs, independently of gate 1 and of anything the model or the caller says.
 * The gateway holds no key that could widen a grant.
 */
export type MemberWrite = { practice: Address; patient: Address; member: Address; memberName: string };

export class MemberDesk {
  constructor(
    private readonly sql: Sql,
    private readonly grants: GrantVerifier,
  ) {}

  /** Gate 2: null when the practice's grant admits `capability` for this member, else the refusal in words. */
  async admit(write: MemberWrite, capability: string): Promise<Refusal | null> {
    const grant = await practiceGrantOf(this.sql, write.practice, write.member);
    if (grant === null) {
      return refuse.forbidden(
        'grant_missing',
        `the practice has given ${write.memberName} no grant on this desk, so ${capability} was not written`,
      );
    }
    const verdict = await this.grants.verifyPracticeGrant(grant, {
      practice: write.practice,
      member: write.member,
      capability,
    });
    if (!verdict.ok)
      return refuse.forbidden('grant_refused', `the practice's grant does not admit ${capability}: ${verdict.reason}`);
    if (!verdict.capabilities.includes(capability)) {
      return refuse.forbidden(
        'grant_refused',
        `the practice's grant to ${write.memberName} does not include ${capability}`,
      );
    }
    return null;
  }

  async sendMessage(
    write: MemberWrite,
    message: Omit<ThreadMessage, 'fromAddress' | 'fromName'>,
  ): Promise<ThreadMessage | Refusal> {
    const refused = await this.admit(write, 'message.send');
    if (refused !== null) return refused;
    return appendThread(this.sql, {
      ...message,
      practice: write.practice,
      patient: write.patient,
      fromAddress: write.member,
      fromName: write.memberName,
    });
  }

  async acknowledgeAlert(
    write: MemberWrite,
    ack: { alertId: string; note: string; resolve: boolean; at: string },
  ): Promise<Alert | Refusal | null> {
    const refused = await this.admit(write, 'alerts.acknowledge');
    if (refused !== null) return refused;
    return acknowledgeAlert(this.sql, {
      ...ack,
      practice: write.practice,
      patient: write.patient,
      by: write.member,
      byName: write.memberName,
    });
  }

  async recordMilestone(
    write: MemberWrite,
    m: { transitionId: string; milestone: string; as: string; at: string; note: string },
  ): Promise<boolean | Refusal> {
    const refused = await this.admit(write, 'milestone.record');
    if (refused !== null) return refused;
    return recordMilestone(this.sql, { ...m, by: write.member, byName: write.memberName });
  }

  async writePlan(write: MemberWrite, plan: { id: string; text: string; at: string }): Promise<true | Refusal> {
    const refused = await this.admit(write, 'plan.write');
    if (refused !== null) return refused;
    await this.sql.transaction(async (tx) => {
      await addPlanNote(tx, {
        id: plan.id,
        practice: write.practice,
        patient: write.patient,
        author: write.member,
        authorName: write.memberName,
        text: plan.text,
        writtenAt: plan.at,
      });
      await tx.query(`UPDATE enrollments SET care_plan = $1 WHERE practice = $2 AND patient = $3`, [
        plan.text,
        write.practice,
        write.patient,
      ]);
    });
    return true;
  }
}

export const isRefusal = (value: unknown): value is Refusal => value instanceof Refusal;
