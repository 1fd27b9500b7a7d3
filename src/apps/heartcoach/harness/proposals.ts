import { z } from 'zod';
import type { OutsideProposals, ProposedRecord } from '../../../harness';
import { CoachAnswer, type Proposed } from '../../../protocol/heartcoach';
import { namesOfDrug } from '../../../protocol/medicine-names';

/**
 * What HeartCoach proposes to file (DESIGN §6, §10): the logged reading, the dose tick, the symptom and the
 * CoachInsight come back in the answer, each for the ontology's cabinet.*.log / cabinet.guidance.file. The harness
 * files them in the person's own cabinet under its own gates (src/harness/execute/file-proposals.ts): only from the
 * person's own session, only when the person's words asked to log or file that record, each a self-authorized write
 * with its receipt.
 */
const Consulted = z.object({ kind: z.literal('heartcoach.answer'), answer: CoachAnswer });

function describeProposed(p: Proposed): string {
  switch (p.folder) {
    case 'readings':
      return `your ${p.record.metric} reading (${p.record.value}${p.record.unit === '' ? '' : ` ${p.record.unit}`})`;
    case 'doses':
      return `your ${p.record.drug} dose`;
    case 'symptoms':
      return `the symptom “${p.record.text.slice(0, 80)}”`;
  }
}

/** What the person's words must name for the record to be theirs to log: the value, the drug, the symptom. */
function namedBy(p: Proposed): string[] {
  switch (p.folder) {
    case 'readings':
      return [String(p.record.value)];
    case 'doses':
      // The drug, or what the ontology's drug classes call it ("I took my water pill" names furosemide).
      return namesOfDrug(p.record.drug);
    case 'symptoms':
      return [p.record.text.slice(0, 40)];
  }
}

/** What the person's words name to keep HeartCoach's note: it is filed only when they ask to file or save it. */
const INSIGHT_NAMES = ['insight', 'advice', 'guidance'] as const;

/** The records a consultation's value proposes, or null when the value is not HeartCoach's answer. */
export function heartCoachProposals(value: unknown): OutsideProposals | null {
  const consulted = Consulted.safeParse(value);
  if (!consulted.success) return null;
  const answer = consulted.data.answer;
  const records: ProposedRecord[] = answer.proposed.map((p) => ({
    capability: `cabinet.${p.folder}.log`,
    folder: p.folder,
    type: `cabinet.${p.folder}`,
    id: p.record.id,
    data: p.record as Record<string, unknown>,
    what: describeProposed(p),
    named: namedBy(p),
  }));
  if (answer.insight !== null) {
    records.push({
      capability: 'cabinet.guidance.file',
      folder: 'guidance',
      type: 'cabinet.guidance',
      id: answer.insight.record.id,
      data: answer.insight.record as Record<string, unknown>,
      what: 'HeartCoach’s insight',
      named: INSIGHT_NAMES,
      verb: 'file',
    });
  }
  return { proposedBy: 'HeartCoach', place: 'your cabinet', filedToolId: 'cabinet.guidance.file', records };
}
