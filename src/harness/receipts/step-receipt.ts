import type { StepReceipt } from '../../protocol/harness-reply';
import type { ExecInput, StepResult } from '../execute/step-result';
import type { PlanStep } from '../plan/plan-schema';
import { buildReceipt } from './receipt';
import type { Tool } from '../tools/tools';
import { checkpoint, type RunEnv } from '../kernel/run-env';
import { note } from '../kernel/trace';
import type { StepState } from '../kernel/run-state';
import type { HandedTo } from '../execute/hand-off';

/**
 * Step 9.5 — receipt, then declared effects. The receipt is written first (its id is the step's, so a replay writes
 * the same one); large results are offloaded to a run.artifact document; then each declared effect goes to the
 * effect sink, isolated so a failing side effect cannot fail the act. An act's step is checkpointed as done.
 */
export async function finishStep(
  env: RunEnv,
  done: {
    st: StepState;
    tool: Tool;
    planStep: PlanStep;
    input: ExecInput;
    argSources: Record<string, string>;
    presentedRef: string;
    result: StepResult;
    status: StepReceipt['status'];
    authority?: `0x${string}`;
    /** The specialist the step was handed to under a child mandate. */
    handedTo?: HandedTo;
    /** The agent the step was routed to, which judged it and carried out its effects (../execute/route.ts). */
    routedTo?: NonNullable<StepReceipt['routedTo']>;
  },
): Promise<StepReceipt> {
  const { ctx, state } = env;
  const { st, tool, result } = done;
  const now = ctx.clock.now();
  // A step's sentence is bounded like the reply that carries it; the rows carry the detail.
  if (result.text.length > 4000) result.text = `${result.text.slice(0, 3999)}…`;
  const rows = result.rows;
  if (rows !== undefined && rows.length > ctx.settings.artifactRows) {
    const id = `run.artifact:${state.runRef}:${st.stepRef}`;
    await ctx.vault.provenance.put({
      id,
      runRef: state.runRef,
      kind: 'run.artifact',
      body: rows,
      at: now,
      expiresAt: state.expiresAt,
    });
    result.rows = rows.slice(0, ctx.settings.artifactRows);
    result.text += ` (${rows.length} rows in all; the rest are kept as ${id}.)`;
  }
  const mandateHash = done.presentedRef.startsWith('mandate:') ? (done.presentedRef.slice(8) as `0x${string}`) : null;
  const resource =
    Object.values(done.input.args).find(
      (v): v is `0x${string}` => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v),
    ) ?? null;
  const receipt = buildReceipt({
    id: `receipt:${state.runRef}:${st.stepRef}`,
    runRef: state.runRef,
    stepRef: st.stepRef,
    tool,
    playbook: state.playbook,
    ontologyVersion: ctx.ontology.version,
    intentDigest: state.intent.digest,
    principal: state.asker,
    subject: state.addressee,
    resource,
    authority: tool.capability.informational ? null : (done.authority ?? state.addressee),
    argSources: done.argSources,
    standing: env.relation,
    actor: env.harnessAgent,
    words: state.words,
    args: done.input.args,
    plannedArgs: done.planStep.args,
    derivation: state.plannedBy ?? 'none',
    presentedRef: done.presentedRef as StepReceipt['presentedRef'],
    mandateHash,
    handedTo: done.handedTo ?? null,
    ...(done.routedTo !== undefined ? { routedTo: done.routedTo } : {}),
    ...(routedFrom(state) !== undefined ? { routedFrom: routedFrom(state) } : {}),
    result,
    status: done.status,
    attests: {
      text: result.text.slice(0, 500),
      ...(state.trace.selection !== undefined
        ? {
            selection: {
              arm: state.trace.selection.arm,
              choice: state.trace.selection.choice,
              outcome: state.trace.selection.outcome,
            },
          }
        : {}),
      ...(st.obligations.length > 0 ? { obligations: st.obligations } : {}),
      // What the step's read could not read is part of what it observed: the receipt says so, by table and id.
      ...(result.damaged !== undefined ? { damaged: { count: result.damaged.count, rows: result.damaged.rows } } : {}),
    },
    at: now,
  });
  await ctx.vault.receipts.put(receipt);
  if (result.damaged !== undefined) traceDamaged(state.trace, st.stepRef, result.damaged);
  ctx.trace.event({
    type: `harness.step.${done.status}`,
    runRef: state.runRef,
    stepRef: st.stepRef,
    at: now,
    detail: { toolId: tool.id, observation: result.observation, presentedRef: done.presentedRef },
  });
  st.result = result;
  st.receiptId = receipt.id;
  st.presentedRef = done.presentedRef;
  st.status = done.status === 'skipped' ? 'skipped' : 'done';
  if (done.status === 'committed' && !tool.capability.informational) {
    st.effects = [];
    // A routed step's declared effects are the room's, emitted there under its own receipt.
    const effects = done.routedTo === undefined ? tool.capability.effects.slice(0, 16) : [];
    for (const effect of effects) {
      try {
        await ctx.effects.emit({
          effect,
          runRef: state.runRef,
          stepRef: st.stepRef,
          toolId: tool.id,
          receiptId: receipt.id,
          subject: state.addressee,
        });
        st.effects.push({ effect, status: 'emitted' });
      } catch (error) {
        st.effects.push({
          effect,
          status: 'failed',
          error: (error instanceof Error ? error.message : 'the effect failed').slice(0, 300),
        });
      }
    }
    await checkpoint(env);
  }
  return receipt;
}

/** A run that came through the routed door: who routed it, from which run and step. */
function routedFrom(state: RunEnv['state']): StepReceipt['routedFrom'] {
  const { door } = state;
  if (door.kind !== 'routed' || door.router === undefined || door.fromRun === undefined || door.fromStep === undefined)
    return undefined;
  return { router: door.router, runRef: door.fromRun, stepRef: door.fromStep };
}

/** The plannerTrace names the rows a step's read left out (inside its caps) and counts them in a note. */
function traceDamaged(
  trace: RunEnv['state']['trace'],
  stepRef: string,
  damaged: NonNullable<StepResult['damaged']>,
): void {
  const listed = (trace.damaged ??= []);
  for (const row of damaged.rows) if (listed.length < 32) listed.push({ stepRef, ...row });
  note(
    trace,
    `${stepRef}: ${damaged.count} damaged vault row${damaged.count === 1 ? '' : 's'} left out of the read and said in the answer.`,
  );
}
