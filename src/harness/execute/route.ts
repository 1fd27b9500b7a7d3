import { getAddress } from 'viem';
import { askDigest, type AskRequest } from '../../protocol/ask';
import { digestOf } from '../../protocol/digest';
import type { HarnessReply } from '../../protocol/harness-reply';
import type { RoutedBody, RoutedStep } from '../../protocol/routed';
import { checkpoint, personWords, stop, type AdmittedEnv, type RunEnv, type StopOutcome } from '../kernel/run-env';
import type { RunState, StepState } from '../kernel/run-state';
import type { PlanStep } from '../plan/plan-schema';
import type { Room, RoutedAnswer } from '../kernel/rooms';
import { finishStep } from '../receipts/step-receipt';
import { authorityPause } from '../reply/pause';
import { refusedReply, waitingReply } from '../reply/reply';
import type { ResolvedStep } from '../resolve/resolve-stage';

/**
 * Routed hops (seed 001 steps 8.1 and 9.2): a step that belongs to an organization's agent the person stewards goes
 * to that agent, which judges it under its own playbook and authority; this run records `presentedRef: routed` and
 * relays what the room says — the mandate its steward signs (the person, signing as the organization), its refusal,
 * or its done with its own receipt. Each hop carries a forwarded credential the room verifies (../doors/routed.ts).
 * A hop is checkpointed before it leaves, as an act is; once the room has a run, every later hop resumes that run,
 * so a completed routed operation is replayed from the room's checkpoint, never run again — and a step done here is
 * replayed from this run's own.
 */
const STEP_ID = /^[A-Za-z][\w-]{0,31}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The room a resolved step goes to, or null to run it here. Only from the person's own session at their own agent;
 * only an act whose authority is an organization (not this agent) with a room the person stewards; only a plan's one
 * act — several acts stay here, so one signing sitting covers them (alsoApprove) — with literal arguments.
 */
export async function roomOf(env: AdmittedEnv, step: ResolvedStep): Promise<Room | null> {
  const { ctx, state } = env;
  const { st, tool, planStep, input } = step;
  if (st.routed !== undefined) return { address: st.routed.room, name: st.routed.name };
  const c = tool.capability;
  if (ctx.rooms === null || c.informational || c.authority !== 'organization') return null;
  const own = state.asker.toLowerCase() === state.addressee.toLowerCase();
  if (!own || state.door.kind !== 'session' || env.door.kind !== 'session') return null;
  if (!STEP_ID.test(st.stepRef) || planStep.forEach !== undefined) return null;
  if (Object.values(planStep.args).some((v) => typeof v === 'object' && v !== null)) return null;
  const acts = state.plan.steps.filter((s) => env.tools.get(s.toolId)?.capability.informational === false);
  if (acts.length !== 1) return null;
  const arg = c.args.find((a) => a.kind === 'organization');
  const subject = arg === undefined ? undefined : input.args[arg.name];
  if (typeof subject !== 'string' || !ADDRESS.test(subject)) return null;
  if (subject.toLowerCase() === state.addressee.toLowerCase()) return null;
  return ctx.rooms.roomFor({ asker: state.asker, subject: getAddress(subject), capability: tool.id });
}

/** One hop to the room: the first asks it fresh; every later one resumes its run with what the person did here. */
export async function routeStep(
  env: AdmittedEnv,
  step: ResolvedStep,
  room: Room,
): Promise<{ kind: 'settled' } | StopOutcome> {
  const { ctx, state } = env;
  const { st } = step;
  if (ctx.rooms === null) {
    st.status = 'refused';
    return stop(
      refusedReply(
        state,
        'denied',
        {
          code: 'ROUTING_UNAVAILABLE',
          message: `This step was routed to ${room.name}’s agent, which this Home no longer reaches.`,
        },
        await ctx.vault.receipts.ofRun(state.runRef),
      ),
    );
  }
  const roomRun = st.routed?.runRef;
  const request: AskRequest =
    roomRun === undefined
      ? { addressee: room.address, message: personWords(state).slice(0, 4000), surface: state.surface }
      : {
          addressee: room.address,
          runRef: roomRun,
          surface: state.surface,
          ...(st.mandateHash !== undefined
            ? { supplied: [{ kind: 'mandate' as const, stepRef: st.stepRef, mandateHash: st.mandateHash }] }
            : {}),
        };
  const body = bodyOf(state, room, request, routedStepOf(st, step.tool.id, step.planStep));
  const trace = state.trace.authority;
  const entry = {
    stepRef: st.stepRef,
    presentedRef: 'routed',
    outcome: 'routed' as const,
    obligations: [] as string[],
  };
  const at = trace.findIndex((e) => e.stepRef === st.stepRef);
  if (at >= 0) trace[at] = entry;
  else if (trace.length < 32) trace.push(entry);
  st.status = 'executing';
  st.presentedRef = 'routed';
  st.routed = { room: room.address, name: room.name, ...(roomRun !== undefined ? { runRef: roomRun } : {}) };
  await checkpoint(env);
  ctx.trace.event({
    type: 'harness.step.routed',
    runRef: state.runRef,
    stepRef: st.stepRef,
    at: ctx.clock.now(),
    detail: { room: room.address, roomRun: roomRun ?? null },
  });
  return relay(env, step, room, await ctx.rooms.route({ room, request, body }));
}

/**
 * A decline of a run that waits on a routed step's mandate ends the room's run too, declined. Best effort: a room that
 * cannot be reached keeps its run waiting, where it does nothing without the steward's signature.
 */
export async function declineRouted(env: RunEnv, reason: string | undefined): Promise<void> {
  const { ctx, state } = env;
  const stepRef = state.pending?.stepRef ?? null;
  const st = stepRef === null ? undefined : state.steps.find((s) => s.stepRef === stepRef);
  const routed = st?.routed;
  const planStep = st === undefined ? undefined : state.plan?.steps[st.planIndex];
  if (ctx.rooms === null || st === undefined || routed?.runRef === undefined || planStep === undefined) return;
  const room = { address: routed.room, name: routed.name };
  const request: AskRequest = {
    addressee: room.address,
    runRef: routed.runRef,
    surface: state.surface,
    supplied: [{ kind: 'decline', ...(reason !== undefined ? { reason } : {}) }],
  };
  await ctx.rooms.route({
    room,
    request,
    body: bodyOf(state, room, request, routedStepOf(st, planStep.toolId, planStep)),
  });
}

function bodyOf(state: RunState, room: Room, request: AskRequest, step: RoutedStep): RoutedBody {
  return {
    type: 'home-agent/routed-step',
    version: 1,
    router: state.addressee,
    asker: state.asker,
    room: room.address,
    from: { runRef: state.runRef, stepRef: step.stepRef },
    requestDigest: askDigest(request),
    step,
  };
}

/** The step as the person's plan held it (names, never addresses resolved here), with their answers and choices. */
function routedStepOf(st: StepState, toolId: string, planStep: PlanStep): RoutedStep {
  const args: RoutedStep['args'] = {};
  for (const [name, value] of Object.entries({ ...planStep.args, ...st.answers }))
    if (typeof value !== 'object' || value === null) args[name] = value;
  const chosen: RoutedStep['chosen'] = {};
  for (const [name, value] of Object.entries(st.chosen)) if (ADDRESS.test(value)) chosen[name] = value as `0x${string}`;
  return { stepRef: st.stepRef, toolId, args, chosen };
}

async function relay(
  env: AdmittedEnv,
  step: ResolvedStep,
  room: Room,
  answer: RoutedAnswer,
): Promise<{ kind: 'settled' } | StopOutcome> {
  const { ctx, state } = env;
  const { st } = step;
  const who = `${room.name}’s agent`;
  const refuse = async (code: string, message: string) => {
    st.status = 'refused';
    return stop(refusedReply(state, 'denied', { code, message }, await ctx.vault.receipts.ofRun(state.runRef)));
  };
  if (answer.kind === 'refused') return refuse(answer.code, `${who} did not take this step: ${answer.message}`);
  st.routed = { room: room.address, name: room.name, runRef: answer.runRef };
  const reply = answer.reply;
  const roomRun = answer.runRef;
  /** The step settled by the room: its words, attributed to it, with the receipt this run writes for the hop. */
  const settle = (how: {
    text: string;
    value: Record<string, unknown>;
    observation: 'committed' | 'confirmed';
    status: 'committed' | 'skipped';
  }) =>
    finishStep(env, {
      st,
      tool: step.tool,
      planStep: step.planStep,
      input: step.input,
      argSources: step.argSources,
      presentedRef: 'routed',
      result: {
        text: how.text,
        value: how.value,
        source: 'outside-agent',
        attribution: who,
        observation: how.observation,
        reconciled: false,
        templated: true,
      },
      status: how.status,
      ...(how.status === 'committed' ? { authority: room.address } : {}),
      routedTo: { agent: room.address, name: room.name, runRef: roomRun },
    });
  switch (reply.kind) {
    case 'authority_required': {
      st.status = 'pending';
      const relayed: HarnessReply = {
        ...reply,
        summary: `${who} judged this step: ${reply.summary}`.slice(0, 1000),
        alsoApprove: [],
        grantLink: `${ctx.settings.grantBase}?run=${encodeURIComponent(state.runRef)}`.slice(0, 300),
        plannerTrace: state.trace,
      };
      return authorityPause(state, { stepRef: st.stepRef, requirement: reply.requirement, also: [], reply: relayed });
    }
    case 'done':
      await settle({
        text: reply.result.text,
        value: { routedTo: room.address, runRef: answer.runRef, receipts: reply.receipts.map((r) => r.id) },
        observation: 'committed',
        status: 'committed',
      });
      return { kind: 'settled' };
    case 'answer':
      // The room answered without acting (the person is already a member, say): the step is settled in its words,
      // attributed to it, with nothing done here and nothing left waiting.
      await settle({
        text: reply.text,
        value: { routedTo: room.address, runRef: answer.runRef },
        observation: 'confirmed',
        status: 'skipped',
      });
      return { kind: 'settled' };
    case 'refused':
      return refuse(reply.error.code, `${who} refused this step: ${reply.error.message}`);
    default:
      st.status = 'pending';
      return stop(
        waitingReply(state, {
          on: who,
          commitment: digestOf({ runRef: state.runRef, stepRef: st.stepRef, roomRun: answer.runRef }),
          text: `${who} needs more before it takes this step: ${reply.spoken}`,
        }),
      );
  }
}
