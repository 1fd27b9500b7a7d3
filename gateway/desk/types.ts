/**
 * The desk's records as the gateway reads them (seed 000 step 3: roster, enrollments, care-team records, alerts,
 * thread, transition and milestones). Addresses are lower-case 0x strings; times are ISO strings.
 */
export type Address = `0x${string}`;

export type Practice = { address: Address; name: string; steward: Address };

export type Enrollment = {
  practice: Address;
  practiceName: string;
  patient: Address;
  patientName: string;
  enrolledAt: string;
  carePlan: string;
};

export type TeamMember = { address: Address; name: string; roles: string[] };

export type AlertState = 'open' | 'acknowledged' | 'resolved';
export type Alert = {
  id: string;
  severity: string;
  state: AlertState;
  text: string;
  raisedAt: string;
  raisedBy: string;
  acknowledgedBy: Address | null;
  acknowledgedByName: string | null;
  acknowledgedAt: string | null;
  note: string | null;
};

export type ThreadMessage = {
  id: string;
  fromAddress: Address;
  fromName: string;
  fromRole: string;
  toAddress: Address;
  toName: string;
  text: string;
  sentAt: string;
};

export type MilestoneState = {
  milestone: string;
  status: 'due' | 'done';
  doneBy: Address | null;
  doneByName: string | null;
  doneAs: string | null;
  doneAt: string | null;
  note: string | null;
};

export type Transition = {
  id: string;
  condition: string;
  facility: string;
  dischargedAt: string;
  milestones: MilestoneState[];
};

export type PlanNote = { id: string; author: Address; authorName: string; text: string; writtenAt: string };

/** Everything the desk holds about one patient at one practice (what a member's standing is judged against). */
export type DeskRecord = {
  enrollment: Enrollment;
  team: TeamMember[];
  alerts: Alert[];
  thread: ThreadMessage[];
  transition: Transition | null;
  planNotes: PlanNote[];
};
