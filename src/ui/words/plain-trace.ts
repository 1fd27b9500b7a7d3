import type { PlannerTrace } from '../../protocol/harness-reply';
import { shortAddress } from './format';

/** One line of the "why" disclosure: which stage decided, and what, in words. */
export type TraceLine = { stage: string; text: string };

const PLANNER: Record<PlannerTrace['plannerUsed'], string> = {
  compiled: 'A compiled rule recognised the shape of your words; no model was asked.',
  scope:
    'A scope check found that your words name nothing this agent declares, so it declined; no model is configured to read them.',
  judgment: 'A judge chose the skill that fits your words; a declared rule accepted its choice.',
  model: 'The planner model proposed the plan; declared rules checked it.',
  'rule-based': 'The rule-based planner made the plan (no model is configured).',
  supplied: 'The screen you used supplied the plan.',
  routed: 'Your own agent routed this step here; this agent judged it under its own playbook and authority.',
  replay: 'The run resumed from its checkpoint; finished steps were replayed, never run twice.',
  none: 'No plan was made.',
};

const AUTHORITY: Record<PlannerTrace['authority'][number]['outcome'], string> = {
  informational: 'only reads, so it needs no mandate',
  self: 'is yours to do from your own session, so it needs no mandate',
  allow: 'was authorized by a mandate you signed, checked on chain',
  'authority-required': 'needs a mandate only you can sign',
  'approval-required': 'needs another person’s approval as well',
  deny: 'was refused',
  routed: 'was routed to the agent it belongs to, which decided its authority under its own playbook',
};

const SOURCES: Record<string, string> = {
  words: 'your words',
  choice: 'your choice',
  remembered: 'a choice you made before (evidence, not permission)',
  vault: 'your vault',
  supplied: 'what you supplied',
  asker: 'you, the asker',
  addressee: 'the agent you asked',
};

/**
 * The plannerTrace in plain language (seed 001 §3 step 12): which stage decided what, and by which rule. Every line
 * comes from the trace's own fields; nothing is inferred. Order follows the pipeline.
 */
export function plainTrace(trace: PlannerTrace): TraceLine[] {
  const lines: TraceLine[] = [{ stage: 'Plan', text: PLANNER[trace.plannerUsed] }];
  if (trace.shape !== undefined) lines.push({ stage: 'Shape', text: `Your words matched the shape “${trace.shape}”.` });
  if (trace.openIntent) lines.push({ stage: 'Intent', text: `Your words were read as ${trace.openIntent.class}.` });
  if (trace.scope === 'nothing-named')
    lines.push({ stage: 'Scope', text: 'Nothing in your words named something this agent does.' });
  const s = trace.selection;
  if (s !== undefined) {
    const picked = s.choice === null ? '' : ` — it chose ${s.choice}`;
    lines.push({
      stage: 'Skill',
      text: `Skill selection (${s.arm}) among ${s.candidates.length}: ${s.outcome}${picked}. Rule: ${s.rule}`,
    });
  }
  const p = trace.planChoice;
  if (p !== undefined)
    lines.push({
      stage: 'Plan choice',
      text: `Among ${p.options.length} possible plans it chose ${p.choice}. Rule: ${p.rule}`,
    });
  for (const round of trace.admission) {
    const broken = round.violations.map((v) => `${v.rule}: ${v.message}`).join(' ');
    lines.push({
      stage: 'Admission',
      text: `Round ${round.round}: ${round.verdict}.${broken === '' ? ' Every declared rule held.' : ` ${broken}`}`,
    });
  }
  for (const r of trace.resolutions) {
    const note = r.note === undefined ? '' : ` (${r.note})`;
    lines.push({
      stage: 'Names',
      text: `“${r.word}” is ${r.label} (${shortAddress(r.address)}), from ${SOURCES[r.source] ?? r.source}${note}.`,
    });
  }
  for (const a of trace.authority) {
    const code = a.code === undefined ? '' : ` (${a.code})`;
    lines.push({ stage: 'Authority', text: `Step ${a.stepRef} ${AUTHORITY[a.outcome]}${code}.` });
  }
  if (trace.calls.length > 0) {
    const roles = [...new Set(trace.calls.map((c) => c.role))].join(', ');
    lines.push({
      stage: 'Model',
      text: `${trace.calls.length} model call${trace.calls.length === 1 ? '' : 's'} (${roles}) by ${trace.calls[0]!.provider}.`,
    });
  }
  for (const note of trace.notes) lines.push({ stage: 'Note', text: note });
  return lines;
}
