import { AskRequest } from '../../protocol/ask';
import { digestOf } from '../../protocol/digest';
import { fail, ok, type Result } from '../../protocol/errors';
import type { AskResponse, HarnessReply } from '../../protocol/harness-reply';
import { admitCaller } from '../doors/doors';
import type { Door, HarnessContext } from '../kernel/context';
import { classifyOpenIntent } from '../ground/open-intent';
import { normalizeWords } from '../ground/words';
import { loadPlaybook } from '../playbook/playbook';
import { relationOf } from '../authority/standing';
import { refusedReply } from '../reply/reply';
import { buildTools } from '../tools/tools';
import { checkpoint, type RunEnv } from '../kernel/run-env';
import { finishRun, writeProvenance } from './finish';
import { planPhase } from './plan-phase';
import type { RunState } from '../kernel/run-state';
import { stepsPhase } from './steps-phase';
import { applySupplied } from '../reply/resume';
import { newTrace } from '../kernel/trace';
import { stoppedByPerson } from '../kernel/turn-context';
import { STOPPED_SENTENCE } from '../kernel/turn-controls';

/**
 * The run loop (seed 001 §3, DESIGN §6): admit → playbook → tools → plan (ground, judge, plan, admit) → steps
 * (resolve, authority, execute) → answer. A run checkpoints whenever it waits for a person and resumes with only
 * what the person did; a finished run replays its reply. A port that throws mid-run (a worker stopped) leaves the
 * last checkpoint in place: the same ask resumed reconciles and never acts twice.
 */
const WAITING: ReadonlySet<HarnessReply['kind']> = new Set(['authority_required', 'prompt', 'waiting']);

export async function runAsk(ctx: HarnessContext, raw: unknown, door: Door): Promise<Result<AskResponse>> {
  const parsed = AskRequest.safeParse(raw);
  if (!parsed.success) return fail(parsed.error);
  const request = parsed.data;
  const admitted = await admitCaller(ctx, { request, door });
  if (admitted.kind === 'refused') return { ok: false, error: admitted.error };

  const playbook = await loadPlaybook(ctx, { addressee: admitted.addressee });
  const scope = playbook.kind === 'playbook' ? playbook.scope : null;
  const agent = await ctx.vault.agents.get(admitted.addressee);
  const env: RunEnv = {
    ctx,
    state: admitted.kind === 'resume' ? admitted.state : newRun(ctx, request.message ?? '', admitted, scope, request),
    request,
    tools: buildTools(ctx.ontology, scope),
    playbook: scope,
    door: admitted.door,
    harnessAgent: await ctx.authority.harnessAgent(),
    relation: await relationOf(ctx, admitted.asker, admitted.addressee),
    agentNames: new Map(agent !== null ? [[agent.address.toLowerCase(), agent.name]] : []),
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
        return ok(
          await settle(
            env,
            refusedReply(
              state,
              'denied',
              {
                code: 'PLAYBOOK_MOVED',
                message: 'This agent’s playbook or ontology changed since the run began; ask again.',
              },
              [],
            ),
          ),
        );
      }
      const applied = await applySupplied(env, request.supplied ?? []);
      if (applied.kind === 'reject') return { ok: false, error: applied.error };
      if (applied.kind === 'stop') return ok(await settle(env, applied.reply));
    }
    const planned = await planPhase(env);
    if (planned.kind === 'stop') return ok(await settle(env, planned.reply));
    // Stopped while it planned: nothing is carried out after the person said stop.
    if (stoppedByPerson(ctx)) return ok(await settle(env, await stoppedReply(env)));
    const stepped = await stepsPhase(env);
    if (stepped.kind === 'stop') return ok(await settle(env, stepped.reply));
    return ok(await settle(env, await finishRun(env)));
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

function newRun(
  ctx: HarnessContext,
  message: string,
  who: { asker: `0x${string}`; addressee: `0x${string}`; door: RunState['door'] },
  scope: RunEnv['playbook'],
  request: AskRequest,
): RunState {
  const now = ctx.clock.now();
  const words = normalizeWords(message);
  const outcome = classifyOpenIntent(words, ctx.ontology.outcomeClasses);
  const playbook =
    scope === null ? null : { archetypeId: scope.archetypeId, version: scope.archetypeVersion, digest: scope.digest };
  const trace = newTrace();
  trace.openIntent = outcome;
  return {
    schemaVersion: 1,
    runRef: ctx.ids.next('run'),
    status: 'running',
    addressee: who.addressee,
    asker: who.asker,
    door: who.door,
    surface: request.surface,
    words,
    answered: [],
    material: request.material ?? [],
    createdAt: now,
    updatedAt: now,
    expiresAt: now + ctx.settings.runTtlMs,
    playbook,
    ontologyDigest: ctx.ontology.digest,
    intent: {
      outcome,
      digest: digestOf({
        goal: words,
        outcome,
        asker: who.asker,
        addressee: who.addressee,
        ontology: ctx.ontology.digest,
        playbook: playbook?.digest ?? null,
      }),
    },
    plan: null,
    planDigest: null,
    plannedBy: null,
    skillChoice: null,
    steps: [],
    pending: null,
    trace,
    reply: null,
  };
}

/** Records how the run stands after this turn, checkpoints it, and wraps the reply. */
async function settle(env: RunEnv, settled: HarnessReply): Promise<AskResponse> {
  const { state } = env;
  // A turn the person stopped ends with that sentence; what was already carried out (a done reply) stands as it is.
  const reply = stoppedByPerson(env.ctx) && settled.kind !== 'done' ? await stoppedReply(env) : settled;
  const waiting = WAITING.has(reply.kind);
  state.status = waiting
    ? 'awaiting'
    : reply.kind === 'done'
      ? 'done'
      : reply.kind === 'refused'
        ? 'refused'
        : 'answered';
  if (!waiting) state.pending = null;
  if (reply.kind === 'waiting') state.waiting = { on: reply.on, text: reply.text };
  else delete state.waiting;
  state.reply = waiting ? null : reply;
  await checkpoint(env);
  const hasProvenance = waiting ? false : await writeProvenance(env);
  return envelope(state, reply, hasProvenance);
}

const stoppedReply = async (env: RunEnv): Promise<HarnessReply> =>
  refusedReply(
    env.state,
    'declined',
    { code: 'ANSWER_STOPPED', message: STOPPED_SENTENCE },
    await env.ctx.vault.receipts.ofRun(env.state.runRef),
  );

const envelope = (state: RunState, reply: HarnessReply, hasProvenance: boolean): AskResponse => ({
  ok: true,
  addressee: state.addressee,
  runRef: state.runRef,
  hasProvenance,
  resumable: state.status === 'awaiting',
  reply,
});
