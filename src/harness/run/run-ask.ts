import { AskRequest } from '../../protocol/ask';
import { fail, ok, type Result } from '../../protocol/errors';
import type { AskResponse, HarnessReply } from '../../protocol/harness-reply';
import { admitProposal } from '../admission/admission-stage';
import { relationOf } from '../authority/standing';
import { NO_PLAYBOOK_SENTENCE } from '../compose/compose';
import { composeRun } from '../compose/compose-stage';
import { admitCaller } from '../doors/doors';
import { scopedContext } from '../doors/read-scope';
import type { Door, HarnessContext } from '../kernel/context';
import { newRun, withRoutedStep } from '../kernel/new-run';
import type { AdmittedRun } from '../kernel/run-phase';
import { phaseOf } from '../kernel/run-phase';
import type { AdmittedEnv, RunEnv } from '../kernel/run-env';
import { note } from '../kernel/trace';
import { stoppedByPerson } from '../kernel/turn-context';
import { proposePlan } from '../plan/plan-stage';
import { loadPlaybook } from '../playbook/playbook';
import { answerReply, refusedReply } from '../reply/reply';
import { applySupplied } from '../reply/resume';
import { envelope, settle, stoppedReply } from '../reply/settle';
import { buildTools } from '../tools/tools';
import { runSteps } from './steps';

/**
 * The run loop (seed 001 §3, DESIGN §6), only the sequence: the doors admit the caller → playbook and tools →
 * (resuming: the person's answers to the pending prompt) → ground, judge and plan (plan/plan-stage.ts) → admit
 * (admission/) → per step resolve → authorize → execute, with its receipt (./steps.ts) → compose → reply. A run
 * checkpoints whenever it waits for a person and resumes with only what the person did; a finished run replays its
 * reply. A port that throws mid-run (a worker stopped) leaves the last checkpoint in place: the same ask resumed
 * reconciles and never acts twice.
 */
export async function runAsk(base: HarnessContext, raw: unknown, door: Door): Promise<Result<AskResponse>> {
  const parsed = AskRequest.safeParse(raw);
  if (!parsed.success) return fail(parsed.error);
  const request = parsed.data;
  const admitted = await admitCaller(base, { request, door });
  if (admitted.kind === 'refused') return { ok: false, error: admitted.error };
  // An app asking as the person reads only what the person let it (its wire's read scope), on every path.
  const ctx = scopedContext(base, admitted.read);

  const playbook = await loadPlaybook(ctx, { addressee: admitted.addressee });
  const scope = playbook.kind === 'playbook' ? playbook.scope : null;
  const agent = await ctx.vault.agents.get(admitted.addressee);
  const routed = admitted.kind === 'fresh' ? admitted.routed : undefined;
  const env: RunEnv = {
    ctx,
    state:
      admitted.kind === 'resume'
        ? admitted.state
        : withRoutedStep(newRun(ctx, request.message ?? '', admitted, scope, request), routed),
    request,
    tools: buildTools(ctx.ontology, scope),
    playbook: scope,
    door: admitted.door,
    harnessAgent: await ctx.authority.harnessAgent(),
    relation: await relationOf(ctx, admitted.asker, admitted.addressee),
    agentNames: new Map(agent !== null ? [[agent.address.toLowerCase(), agent.name]] : []),
    ...(routed !== undefined ? { routed } : {}),
  };
  const { state } = env;
  try {
    if (admitted.kind === 'resume') {
      if (state.reply !== null) {
        // A finished run is replayed, never re-run.
        const replayed = {
          ...state.reply,
          plannerTrace: { ...state.reply.plannerTrace, plannerUsed: 'replay' as const },
        } as HarnessReply;
        return ok(
          envelope(state, replayed, (await ctx.vault.provenance.get(`run.provenance:${state.runRef}`)) !== null),
        );
      }
      if (
        (state.playbook?.digest ?? null) !== (scope?.digest ?? null) ||
        state.ontologyDigest !== ctx.ontology.digest
      ) {
        const moved = {
          code: 'PLAYBOOK_MOVED',
          message: 'This agent’s playbook or ontology changed since the run began; ask again.',
        };
        return ok(await settle(env, refusedReply(state, 'denied', moved, [])));
      }
      const applied = await applySupplied(env, request.supplied ?? []);
      if (applied.kind === 'reject') return { ok: false, error: applied.error };
      if (applied.kind === 'stop') return ok(await settle(env, applied.reply));
    }
    const planned = await plan(env);
    if (planned.kind === 'stop') return ok(await settle(env, planned.reply));
    const admittedEnv: AdmittedEnv = { ...env, state: planned.state };
    // Stopped while it planned: nothing is carried out after the person said stop.
    if (stoppedByPerson(ctx)) return ok(await settle(env, await stoppedReply(env)));
    const stepped = await runSteps(admittedEnv);
    if (stepped.kind === 'stop') return ok(await settle(env, stepped.reply));
    return ok(await settle(env, await composeRun(admittedEnv)));
  } catch (error) {
    // The world broke mid-run (a port threw). The last checkpoint stands; resuming reconciles before acting.
    const reason = error instanceof Error ? error.message.slice(0, 300) : 'unknown';
    ctx.trace.event({ type: 'harness.run.interrupted', runRef: state.runRef, at: ctx.clock.now(), detail: { reason } });
    return {
      ok: false,
      error: {
        code: 'RUN_INTERRUPTED',
        message: 'The run stopped part-way. Ask again with this run to finish it; nothing will be done twice.',
        details: { runRef: state.runRef },
      },
    };
  }
}

/** Steps 3–6 until the run holds an admitted plan: ground, judge and plan propose; admission takes or refuses. */
async function plan(
  env: RunEnv,
): Promise<{ kind: 'admitted'; state: AdmittedRun } | { kind: 'stop'; reply: HarnessReply }> {
  const phase = phaseOf(env.state);
  if (phase.phase === 'admitted') return { kind: 'admitted', state: phase.state };
  const { state } = env;
  if (env.playbook === null && env.request.plan === undefined) {
    note(state.trace, 'bare harness: no playbook');
    const composed = { text: NO_PLAYBOOK_SENTENCE, attributions: [], composedBy: 'template' as const };
    return { kind: 'stop', reply: answerReply(state, composed, 'unsupported') };
  }
  const proposal =
    state.plan !== null && state.plannedBy !== null
      ? { kind: 'plan' as const, plan: state.plan, origin: state.plannedBy }
      : await proposePlan(env);
  return admitProposal(env, proposal);
}
