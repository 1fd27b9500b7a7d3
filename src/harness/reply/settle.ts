import type { AskResponse, HarnessReply } from '../../protocol/harness-reply';
import { checkpoint, type RunEnv } from '../kernel/run-env';
import type { RunState } from '../kernel/run-state';
import { stoppedByPerson } from '../kernel/turn-context';
import { STOPPED_SENTENCE } from '../kernel/turn-controls';
import { writeProvenance } from '../receipts/provenance';
import { refusedReply } from './reply';
import { urgentFirst } from './urgent-first';

/** Replies that leave the run waiting for a person (or another agent): the checkpoint keeps it resumable. */
const WAITING: ReadonlySet<HarnessReply['kind']> = new Set(['authority_required', 'prompt', 'waiting']);

/** Records how the run stands after this turn, checkpoints it, and wraps the reply. */
export async function settle(env: RunEnv, settled: HarnessReply): Promise<AskResponse> {
  const { state } = env;
  // A turn the person stopped ends with that sentence; what was already carried out (a done reply) stands as it is.
  const reply = urgentFirst(
    state,
    stoppedByPerson(env.ctx) && settled.kind !== 'done' ? await stoppedReply(env) : settled,
  );
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

export const stoppedReply = async (env: RunEnv): Promise<HarnessReply> =>
  refusedReply(
    env.state,
    'declined',
    { code: 'ANSWER_STOPPED', message: STOPPED_SENTENCE },
    await env.ctx.vault.receipts.ofRun(env.state.runRef),
  );

export const envelope = (state: RunState, reply: HarnessReply, hasProvenance: boolean): AskResponse => ({
  ok: true,
  addressee: state.addressee,
  runRef: state.runRef,
  hasProvenance,
  resumable: state.status === 'awaiting',
  reply,
});
