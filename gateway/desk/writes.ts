import type { SqlRunner } from './sql';
import type { Address, Alert, ThreadMessage } from './types';

/**
 * The desk's writes, without judgement: callers reach them only through the gates (gateway/desk/gated-desk.ts), which
 * decide whether a write may land. Each returns what it wrote, so the act's result can be folded into the brief.
 */
const lc = (address: string) => address.toLowerCase() as Address;

export async function appendThread(
  sql: SqlRunner,
  input: { practice: string; patient: string } & Omit<ThreadMessage, 'fromAddress' | 'toAddress'> & {
      fromAddress: string;
      toAddress: string;
    },
): Promise<ThreadMessage> {
  await sql.query(
    `INSERT INTO thread (id, practice, patient, from_address, from_name, from_role, to_address, to_name, text, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      input.id,
      lc(input.practice),
      lc(input.patient),
      lc(input.fromAddress),
      input.fromName,
      input.fromRole,
      lc(input.toAddress),
      input.toName,
      input.text,
      input.sentAt,
    ],
  );
  return {
    id: input.id,
    fromAddress: lc(input.fromAddress),
    fromName: input.fromName,
    fromRole: input.fromRole,
    toAddress: lc(input.toAddress),
    toName: input.toName,
    text: input.text,
    sentAt: input.sentAt,
  };
}

export async function raiseAlert(
  sql: SqlRunner,
  input: {
    id: string;
    practice: string;
    patient: string;
    severity: string;
    text: string;
    raisedAt: string;
    raisedBy: string;
  },
): Promise<Alert> {
  await sql.query(
    `INSERT INTO alerts (id, practice, patient, severity, state, text, raised_at, raised_by) VALUES ($1, $2, $3, $4, 'open', $5, $6, $7)`,
    [input.id, lc(input.practice), lc(input.patient), input.severity, input.text, input.raisedAt, input.raisedBy],
  );
  return {
    id: input.id,
    severity: input.severity,
    state: 'open',
    text: input.text,
    raisedAt: input.raisedAt,
    raisedBy: input.raisedBy,
    acknowledgedBy: null,
    acknowledgedByName: null,
    acknowledgedAt: null,
    note: null,
  };
}

/** Acknowledges (or resolves) an open alert; returns null when no such alert is on this patient's desk. */
export async function acknowledgeAlert(
  sql: SqlRunner,
  input: {
    practice: string;
    patient: string;
    alertId: string;
    by: string;
    byName: string;
    at: string;
    note: string;
    resolve: boolean;
  },
): Promise<Alert | null> {
  const rows = await sql.query<{ id: string }>(
    `UPDATE alerts SET state = $1, acknowledged_by = $2, acknowledged_by_name = $3, acknowledged_at = $4, note = $5
     WHERE id = $6 AND practice = $7 AND patient = $8 RETURNING id`,
    [
      input.resolve ? 'resolved' : 'acknowledged',
      lc(input.by),
      input.byName,
      input.at,
      input.note,
      input.alertId,
      lc(input.practice),
      lc(input.patient),
    ],
  );
  if (rows.length === 0) return null;
  const [alert] = await sql.query<{ severity: string; text: string; raised_at: Date; raised_by: string }>(
    `SELECT severity, text, raised_at, raised_by FROM alerts WHERE id = $1`,
    [input.alertId],
  );
  return {
    id: input.alertId,
    severity: alert!.severity,
    state: input.resolve ? 'resolved' : 'acknowledged',
    text: alert!.text,
    raisedAt: new Date(alert!.raised_at).toISOString(),
    raisedBy: alert!.raised_by,
    acknowledgedBy: lc(input.by),
    acknowledgedByName: input.byName,
    acknowledgedAt: input.at,
    note: input.note,
  };
}

/** Marks a milestone of a transition done; returns false when the transition has no such milestone. */
export async function recordMilestone(
  sql: SqlRunner,
  input: { transitionId: string; milestone: string; by: string; byName: string; as: string; at: string; note: string },
): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE milestones SET status = 'done', done_by = $1, done_by_name = $2, done_as = $3, done_at = $4, note = $5
     WHERE transition_id = $6 AND milestone = $7 RETURNING milestone`,
    [lc(input.by), input.byName, input.as, input.at, input.note, input.transitionId, input.milestone],
  );
  return rows.length > 0;
}

export async function addPlanNote(
  sql: SqlRunner,
  input: {
    id: string;
    practice: string;
    patient: string;
    author: string;
    authorName: string;
    text: string;
    writtenAt: string;
  },
): Promise<void> {
  await sql.query(
    `INSERT INTO plan_notes (id, practice, patient, author, author_name, text, written_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [input.id, lc(input.practice), lc(input.patient), lc(input.author), input.authorName, input.text, input.writtenAt],
  );
}
