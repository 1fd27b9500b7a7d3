import { digestOf } from '../../protocol/digest';
import { amountsSaid } from '../ground/amounts-said';
import { groundFor } from '../ground/compiled-shapes';
import { knownParties } from '../ground/known-parties';
import { isControlRun } from '../kernel/control';
import type { AdmittedRun } from '../kernel/run-phase';
import { personWords, stop, traceAdmission, type RunEnv, type StopOutcome } from '../kernel/run-env';
import { replanAfter, type Proposal } from '../plan/plan-stage';
import type { Plan } from '../plan/plan-schema';
import { dataPause } from '../reply/pause';
import { refusedReply } from '../reply/reply';
import { admitPlan, describeViolations, violationWords } from './admission';

/**
 * Step 6 as a stage: admit the proposed plan. `continue` admits it (the run holds plan, digest and who planned it);
 * `ask` pauses for the args admission dropped; a violation that a second plan could mend is replanned once by the
 * model; anything else is refused in words.
 */
export type AdmissionOutcome = { kind: 'admitted'; state: AdmittedRun } | StopOutcome;

export async function admitProposal(env: RunEnv, first: Proposal): Promise<AdmissionOutcome> {
  const { state } = env;
  let proposal = first;
  for (let round = 0; ; round++) {
    if (proposal.kind === 'stop') return proposal;
    const { plan, origin } = proposal;
    const verdict: ReturnType<typeof admitPlan> = isControlRun(env.ctx)
      ? { kind: 'continue', plan }
      : admitPlan({
          plan,
          words: personWords(state),
          tools: env.tools,
          origin,
          designated: await designated(env),
          amountsSaid: amountsSaid(state.words, state.answered),
          specialists: env.playbook?.specialists ?? [],
          ...(origin === 'compiled' ? {} : { framesSaid: await framesSaid(env) }),
        });
    traceAdmission(state, {
      round,
      verdict: verdict.kind,
      violations: 'violations' in verdict ? verdict.violations : [],
    });
    state.plannedBy = origin;
    if (verdict.kind === 'continue') {
      const planDigest = digestOf({ runRef: state.runRef, intentDigest: state.intent.digest, plan: verdict.plan });
      const admitted: AdmittedRun = Object.assign(state, { plan: verdict.plan, planDigest, plannedBy: origin });
      return { kind: 'admitted', state: admitted };
    }
    if (verdict.kind === 'ask') {
      state.plan = verdict.plan;
      state.planDigest = null;
      return askForMissing(env, verdict.plan, verdict.missing);
    }
    const refused = stop(
      refusedReply(
        state,
        'plan_refused',
        {
          code: 'PLAN_REFUSED',
          message: `I won't do that. ${violationWords(verdict.violations)}`.slice(0, 2000),
        },
        [],
      ),
    );
    if (
      verdict.kind === 'refuse' ||
      round === 1 ||
      env.ctx.model === null ||
      origin === 'supplied' ||
      origin === 'routed'
    )
      return refused;
    const replanned = await replanAfter(env, describeViolations(verdict.violations));
    if (replanned === null) return refused;
    proposal = { kind: 'plan', plan: replanned, origin: 'model' };
  }
}

/** The data prompt for the arguments admission dropped: they fill the plan when the person answers. */
function askForMissing(
  env: RunEnv,
  plan: Plan,
  missing: readonly { stepIndex: number; arg: string; reason: string }[],
): StopOutcome {
  const fields = missing.map((m) => {
    const spec = env.tools.get(plan.steps[m.stepIndex]?.toolId ?? '')?.capability.args.find((a) => a.name === m.arg);
    return {
      stepIndex: m.stepIndex,
      arg: m.arg,
      argKind: spec?.kind ?? 'text',
      label: promptLabel(m.arg, spec?.kind),
      reason: m.reason,
    };
  });
  return dataPause(env.state, {
    scope: 'plan',
    stepRef: null,
    fields,
    promptStepRef: `s${(fields[0]?.stepIndex ?? 0) + 1}`,
    text: `Tell me ${fields.map((f) => f.label).join(' and ')} — you didn't say, and I won't guess.`,
  });
}

/** How a prompt names an argument the person must supply. */
export function promptLabel(arg: string, kind: string | undefined): string {
  switch (kind) {
    case 'amount':
      return 'how much';
    case 'recipient':
      return 'who to pay';
    case 'person':
      return 'who';
    case 'organization':
      return 'which organization';
    default:
      return `the ${arg}`;
  }
}

/**
 * What the grounding stage's frames read in the person's words, over this agent's own tools and the names the asker's
 * vault knows: an organization's agent judging a routed step reads "add david to missio nexus" as the person's own
 * agent did, without taking the router's word for it.
 */
async function framesSaid(env: RunEnv): Promise<ReadonlySet<string>> {
  const { state, ctx } = env;
  const grounding = groundFor({
    words: personWords(state),
    tools: env.tools,
    ownAgent: state.asker === state.addressee,
    parties: await knownParties(ctx.vault, state.asker),
  });
  return new Set(grounding.intents.map((i) => i.capability));
}

/** Addresses and names the vault designates for this run: the addressee, the asker, the default payer. */
async function designated(env: RunEnv): Promise<{ addresses: string[]; names: string[] }> {
  const { state, ctx } = env;
  const payer = await ctx.vault.payments.defaultPayer(state.asker);
  const names = env.agentNames.get(state.addressee.toLowerCase());
  return {
    addresses: [state.addressee, state.asker, ...(payer !== null ? [payer] : [])],
    names: names !== undefined ? [names] : [],
  };
}
