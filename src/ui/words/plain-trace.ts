import type { PlannerTrace } from '../../protocol/harness-reply';
import { localFirstKind } from '../../protocol/local-shapes';
import { isOne, number, shortAddress } from './format';
import { message, type MessageKey } from './messages';

/** One line of the "why" disclosure: which stage decided, and what, in words. */
export type TraceLine = { stage: string; text: string };

const PLANNER: Record<PlannerTrace['plannerUsed'], MessageKey> = {
  compiled: 'tracePlannerCompiled',
  scope: 'tracePlannerScope',
  judgment: 'tracePlannerJudgment',
  model: 'tracePlannerModel',
  'rule-based': 'tracePlannerRuleBased',
  supplied: 'tracePlannerSupplied',
  routed: 'tracePlannerRouted',
  replay: 'tracePlannerReplay',
  none: 'tracePlannerNone',
};

const AUTHORITY: Record<PlannerTrace['authority'][number]['outcome'], MessageKey> = {
  informational: 'traceAuthorityInformational',
  self: 'traceAuthoritySelf',
  allow: 'traceAuthorityAllow',
  'authority-required': 'traceAuthorityRequired',
  'approval-required': 'traceAuthorityApproval',
  deny: 'traceAuthorityDeny',
  routed: 'traceAuthorityRouted',
};

const SOURCES: Record<string, MessageKey> = {
  words: 'traceSourceWords',
  choice: 'traceSourceChoice',
  remembered: 'traceSourceRemembered',
  vault: 'traceSourceVault',
  supplied: 'traceSourceSupplied',
  asker: 'traceSourceAsker',
  addressee: 'traceSourceAddressee',
};

/** The planner's words; an ask answered first, locally (small talk, a red flag) says so rather than "compiled rule". */
function plannerKey(trace: PlannerTrace): MessageKey {
  const local = trace.plannerUsed === 'compiled' ? localFirstKind(trace.shape) : undefined;
  if (local === 'small-talk') return 'tracePlannerSmallTalk';
  if (local === 'red-flag') return 'tracePlannerRedFlag';
  if (local === 'others-funds') return 'tracePlannerOthersFunds';
  return PLANNER[trace.plannerUsed];
}

const source = (s: string): string => (SOURCES[s] === undefined ? s : message(SOURCES[s]));

/**
 * The plannerTrace in plain language (seed 001 §3 step 12): which stage decided what, and by which rule. Every line
 * comes from the trace's own fields; nothing is inferred. Order follows the pipeline.
 */
export function plainTrace(trace: PlannerTrace): TraceLine[] {
  const lines: TraceLine[] = [{ stage: message('traceStagePlan'), text: message(plannerKey(trace)) }];
  if (trace.shape !== undefined)
    lines.push({ stage: message('traceStageShape'), text: message('traceShape', trace.shape) });
  if (trace.openIntent)
    lines.push({ stage: message('traceStageIntent'), text: message('traceIntent', trace.openIntent.class) });
  if (trace.scope === 'nothing-named') lines.push({ stage: message('traceStageScope'), text: message('traceScope') });
  const s = trace.selection;
  if (s !== undefined) {
    const among = number(s.candidates.length);
    lines.push({
      stage: message('traceStageSkill'),
      text:
        s.choice === null
          ? message('traceSkill', s.arm, among, s.outcome, s.rule)
          : message('traceSkillChose', s.arm, among, s.outcome, s.choice, s.rule),
    });
  }
  const p = trace.planChoice;
  if (p !== undefined)
    lines.push({
      stage: message('traceStagePlanChoice'),
      text: message('tracePlanChoice', number(p.options.length), p.choice, p.rule),
    });
  for (const round of trace.admission) {
    const broken = round.violations.map((v) => message('traceViolation', v.rule, v.message)).join(' ');
    const n = number(round.round);
    lines.push({
      stage: message('traceStageAdmission'),
      text:
        broken === ''
          ? message('traceAdmissionHeld', n, round.verdict)
          : message('traceAdmissionBroken', n, round.verdict, broken),
    });
  }
  for (const r of trace.resolutions) {
    const who = [r.word, r.label, shortAddress(r.address), source(r.source)] as const;
    lines.push({
      stage: message('traceStageNames'),
      text: r.note === undefined ? message('traceName', ...who) : message('traceNameNoted', ...who, r.note),
    });
  }
  for (const a of trace.authority) {
    const what = message(AUTHORITY[a.outcome]);
    lines.push({
      stage: message('traceStageAuthority'),
      text:
        a.code === undefined
          ? message('traceAuthority', a.stepRef, what)
          : message('traceAuthorityCode', a.stepRef, what, a.code),
    });
  }
  if (trace.calls.length > 0) {
    const roles = [...new Set(trace.calls.map((c) => c.role))].join(', ');
    const n = trace.calls.length;
    lines.push({
      stage: message('traceStageModel'),
      text: message(isOne(n) ? 'traceModelCall' : 'traceModelCalls', number(n), roles, trace.calls[0]!.provider),
    });
  }
  for (const note of trace.notes) lines.push({ stage: message('traceStageNote'), text: note });
  return lines;
}
