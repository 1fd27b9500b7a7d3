import type { Requirement } from '../../protocol/harness-reply';
import { authorizeStep } from './authority';
import { localActFor } from '../execute/local-acts';
import { isRef, stepIdOf, type PlanStep } from '../plan/plan-schema';
import { resolveStepArgs } from '../resolve/resolve';
import { bindArgs, itemsOf, type ResultsById } from '../resolve/bind';
import { isControlRun } from '../kernel/control';
import { planStepAt } from '../kernel/run-phase';
import { runBindingOf, stepDoorOf, type AdmittedEnv } from '../kernel/run-env';

/**
 * alsoApprove (seed 001 step 8.4: "when one signature covers more").
 *
 * What does not apply here, said rather than invented: in this Home a mandate binds exactly one step — its
 * delegation's salt is that step's intent binding — so no one signature covers two requirements; and no capability
 * of our ontology issues credentials beside its grant (an invite writes one contact or membership record), so the
 * seed's "an invite's grant and credential digests" has no counterpart.
 *
 * What does apply: a plan whose later acts need a mandate from the same delegator — the other instances of a fan-out
 * ("invite bob and carol to …") or a later act that depends on no earlier result. Their requirements are computed
 * now, listed by binding digest, and kept with the run, so the person reviews them together and signs once (one
 * confirmation, one mandate per step). Authority stays per step: each mandate binds its own step and is verified
 * from scratch when that step runs. Left out, to be asked for when reached: a step that needs an answer or a choice
 * first, depends on an earlier step's result or runs only `when`, is already as it would make the world, needs a
 * high or critical mandate (co-signers and freshness are per step), or another delegator.
 */
export const ALSO_APPROVE_MAX = 8;

type Ahead = { planIndex: number; stepRef: string; item: unknown };

export async function alsoApproveFor(
  env: AdmittedEnv,
  at: { planIndex: number; stepRef: string; requirement: Requirement; results: ResultsById },
): Promise<Requirement[]> {
  if (isControlRun(env.ctx)) return [];
  const also: Requirement[] = [];
  for (const ahead of stepsAhead(env, at)) {
    if (also.length >= ALSO_APPROVE_MAX) break;
    const r = await requirementAhead(env, ahead, at.results);
    if (r === null || r.delegator.toLowerCase() !== at.requirement.delegator.toLowerCase()) continue;
    if (r.risk === 'high' || r.risk === 'critical') continue;
    also.push(r);
  }
  return also;
}

/** The later instances of this fan-out, then the later plan steps that stand on their own. */
function stepsAhead(env: AdmittedEnv, at: { planIndex: number; stepRef: string; results: ResultsById }): Ahead[] {
  const steps = env.state.plan.steps;
  const out: Ahead[] = [];
  const current = planStepAt(env.state.plan, at.planIndex);
  const items = itemsOf(current, at.results);
  const id = stepIdOf(current, at.planIndex);
  if (items !== null) {
    const j = Number(at.stepRef.slice(id.length + 1));
    items.forEach((item, k) => k + 1 > j && out.push({ planIndex: at.planIndex, stepRef: `${id}.${k + 1}`, item }));
  }
  steps.forEach((step, i) => {
    if (i > at.planIndex && standsAlone(step)) out.push({ planIndex: i, stepRef: stepIdOf(step, i), item: undefined });
  });
  return out;
}

const standsAlone = (step: PlanStep): boolean =>
  step.forEach === undefined && step.when === undefined && !Object.values(step.args).some(isRef);

/** The requirement a step ahead would park on now, or null when it needs anything else first (or nothing). */
async function requirementAhead(env: AdmittedEnv, ahead: Ahead, results: ResultsById): Promise<Requirement | null> {
  const { state, ctx } = env;
  const planStep = planStepAt(state.plan, ahead.planIndex);
  const tool = env.tools.get(planStep.toolId);
  if (tool === undefined || tool.capability.informational) return null;
  const known = state.steps.find((s) => s.stepRef === ahead.stepRef);
  if (known !== undefined && known.status !== 'pending') return null;
  const bound = bindArgs(planStep, results, ahead.item);
  const sources: Record<string, string> = {};
  for (const [arg, value] of Object.entries(known?.answers ?? {})) {
    bound[arg] = value;
    sources[arg] = 'supplied';
  }
  if (tool.capability.args.some((a) => a.required && bound[a.name] === undefined && a.kind !== 'choice')) return null;
  const resolved = await resolveStepArgs(ctx, {
    tool,
    args: bound,
    asker: state.asker,
    addressee: state.addressee,
    chosen: known?.chosen ?? {},
    sources,
  });
  if (resolved.kind !== 'resolved') return null;
  const act = localActFor(tool.id);
  if (
    act !== undefined &&
    (await act.holds(ctx, { args: resolved.args, addressee: state.addressee, asker: state.asker }))
  )
    return null;
  const decision = await authorizeStep(ctx, {
    tool,
    args: resolved.args,
    argSources: resolved.argSources,
    stepRef: ahead.stepRef,
    run: runBindingOf(state),
    asker: state.asker,
    addressee: state.addressee,
    door: stepDoorOf(env),
    suppliedMandate: null,
    approvals: [],
    executing: false,
  });
  return decision.kind === 'authority-required' && !decision.fresh ? decision.requirement : null;
}
