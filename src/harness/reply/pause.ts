import type { Hex } from 'viem';
import { digestOf } from '../../protocol/digest';
import type { HarnessReply, Prompt, Requirement } from '../../protocol/harness-reply';
import { stop, type StopOutcome } from '../kernel/run-env';
import type { Pending, RunState } from '../kernel/run-state';
import { promptReply } from './reply';

/**
 * Every pause of a run is built here, one way: a resume token derived from the run and what is asked, the pending
 * prompt kept with the checkpoint (so an answer can be applied only to the question asked, ./resume.ts), and the
 * reply that puts it before the person. A stage says what it asks; this file makes the three agree.
 */
type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

type PauseParts = {
  /** What the token binds besides the run: kind and the prompt's identity (its step, argument, options…). */
  token: Record<string, unknown>;
  pending: Without<Pending, 'resumeToken'>;
  reply: (resumeToken: Hex) => HarnessReply;
};

/** Pauses the run: sets state.pending and stops with the reply, both under the same resume token. */
export function pause(state: RunState, parts: PauseParts): StopOutcome {
  const resumeToken = digestOf({ runRef: state.runRef, ...parts.token });
  state.pending = { ...parts.pending, resumeToken } as Pending;
  return stop(parts.reply(resumeToken));
}

type DataField = Extract<Pending, { kind: 'data' }>['fields'][number];

/** A data prompt: the run needs values the person did not give (plan scope: admission dropped them). */
export function dataPause(
  state: RunState,
  input: { scope: 'plan' | 'step'; stepRef: string | null; fields: DataField[]; promptStepRef: string; text: string },
): StopOutcome {
  const token =
    input.scope === 'plan'
      ? { kind: 'data', scope: 'plan', fields: input.fields.map((f) => [f.stepIndex, f.arg]) }
      : { kind: 'data', scope: 'step', stepRef: input.stepRef, arg: input.fields[0]?.arg };
  const fields = input.fields.slice(0, 8);
  return pause(state, {
    token,
    pending: { kind: 'data', scope: input.scope, stepRef: input.stepRef, fields },
    reply: (resumeToken) =>
      promptReply(state, resumeToken, {
        kind: 'data',
        stepRef: input.promptStepRef,
        text: input.text,
        fields: fields.map(({ arg, argKind, label, reason }) => ({
          arg,
          argKind,
          label,
          reason: input.scope === 'step' ? reason.slice(0, 300) : reason,
        })),
      }),
  });
}

type ChoicePending = Extract<Pending, { kind: 'choice' }>;

/** A choice among options: which skill the person meant, or which party a name is. */
export function choicePause(
  state: RunState,
  input: Omit<ChoicePending, 'kind' | 'resumeToken'> & {
    token: Record<string, unknown>;
    text: string;
    promptStepRef: string;
  },
): StopOutcome {
  const { token, text, promptStepRef, ...pending } = input;
  return pause(state, {
    token: { kind: 'choice', ...token },
    pending: { kind: 'choice', ...pending },
    reply: (resumeToken) =>
      promptReply(state, resumeToken, {
        kind: 'choice',
        stepRef: promptStepRef,
        text,
        arg: pending.arg,
        word: pending.word,
        options: pending.options,
      }),
  });
}

/** A signature prompt: co-signers' approvals the step still needs, with the details any face shows without a turn. */
export function approvalPause(
  state: RunState,
  input: Omit<Extract<Pending, { kind: 'approval' }>, 'kind' | 'resumeToken'> & {
    text: string;
    approvers: `0x${string}`[];
    quorum: number;
    have: `0x${string}`[];
  },
): StopOutcome {
  const prompt: Prompt = {
    kind: 'signature',
    stepRef: input.stepRef,
    text: input.text,
    approvalDigest: input.approvalDigest,
    approvers: input.approvers,
    quorum: input.quorum,
    have: input.have,
  };
  return pause(state, {
    token: { kind: 'approval', stepRef: input.stepRef, digest: input.approvalDigest, have: input.have },
    pending: { kind: 'approval', ...input },
    reply: (resumeToken) => promptReply(state, resumeToken, prompt),
  });
}

/** authority_required: the step needs a mandate; the requirement is kept exactly as the reply shows it. */
export function authorityPause(
  state: RunState,
  input: { stepRef: string; requirement: Requirement; also: Requirement[]; reply: HarnessReply },
): StopOutcome {
  const { stepRef, requirement, also } = input;
  return pause(state, {
    token: { kind: 'authority', stepRef, binding: requirement.bindingDigest },
    pending: { kind: 'authority', stepRef, bindingDigest: requirement.bindingDigest, requirement, also },
    reply: () => input.reply,
  });
}
