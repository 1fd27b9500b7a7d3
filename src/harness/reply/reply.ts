import { formatUnits } from 'viem';
import type { WireError } from '../../protocol/errors';
import type { HarnessReply, PartyRef, Prompt, StepReceipt } from '../../protocol/harness-reply';
import type { Composed } from '../compose/compose';
import type { AuthorityDecision } from '../authority/authority';
import { USDC_DECIMALS, usdcUnits } from '../authority/requirement';
import type { Tool } from '../tools/tools';
import type { RunState } from '../kernel/run-state';

/**
 * Step 12 — the reply: answer | authority_required | prompt | waiting | done | refused, each with the run's
 * plannerTrace (the runRef rides on the envelope). `spoken` is the sentence a voice or a notification would say.
 */
export const spoken = (text: string): string => {
  const first = /^(.{1,300}?[.!?])(\s|$)/s.exec(text);
  return (first?.[1] ?? text).slice(0, 300);
};

export function answerReply(state: RunState, composed: Composed, interaction?: 'unsupported' | 'help'): HarnessReply {
  return {
    kind: 'answer',
    text: composed.text.slice(0, 8000),
    spoken: spoken(composed.text),
    ...(composed.results !== undefined ? { results: composed.results } : {}),
    ...(composed.attributions.length > 0 ? { attributions: composed.attributions.slice(0, 8) } : {}),
    ...(interaction !== undefined ? { interaction } : {}),
    plannerTrace: state.trace,
  };
}

/** The step in words, for the person who must sign it. */
export function describeStep(tool: Tool, args: Record<string, unknown>, label: (v: unknown) => string): string {
  const amount = () => formatUnits(usdcUnits(args.amount) ?? 0n, USDC_DECIMALS);
  switch (tool.id) {
    case 'person.contact.invite':
      return `Add ${label(args.person)} to your contacts`;
    case 'organization.membership.invite':
      return `Invite ${label(args.person)} to join ${label(args.organization)}`;
    case 'payment.usdc.send':
      return `Pay ${amount()} USDC to ${label(args.recipient)}`;
    case 'organization.treasury.transfer':
      return `Transfer ${amount()} USDC from ${label(args.organization)}'s treasury to ${label(args.recipient)}`;
    case 'memory.remember':
      return `Remember “${String(args.text).slice(0, 200)}”`;
    default:
      return tool.capability.label;
  }
}

export function authorityRequiredReply(
  state: RunState,
  input: {
    decision: Extract<AuthorityDecision, { kind: 'authority-required' }>;
    tool: Tool;
    parties: PartyRef[];
    label: (v: unknown) => string;
    grantLink: string;
    alsoApprove: `0x${string}`[];
  },
): HarnessReply {
  const { requirement, standing, fresh } = input.decision;
  const what = describeStep(input.tool, requirement.args, input.label);
  const who = input.label(requirement.delegator);
  const grant = standing.canGrant
    ? `You can review and sign it${standing.relation === 'steward' ? ` as ${who}'s steward` : ''}.`
    : `Only ${who}'s steward can grant it.`;
  const remembered = input.parties
    .filter((p) => p.note !== undefined)
    .map((p) => ` (${p.note})`)
    .join('');
  const more =
    input.alsoApprove.length === 0
      ? ''
      : ` ${input.alsoApprove.length} more step${input.alsoApprove.length > 1 ? 's' : ''} of this plan need${input.alsoApprove.length > 1 ? '' : 's'} a mandate from ${who} too: you can review and sign ${input.alsoApprove.length > 1 ? 'them' : 'it'} with this one.`;
  const summary = `${what}${remembered} — this needs ${fresh ? 'a fresh' : 'a'} mandate from ${who} to your agent (${requirement.risk} risk). ${grant}${more}`;
  return {
    kind: 'authority_required',
    requirement,
    delegator: requirement.delegator,
    delegate: requirement.delegate,
    capability: requirement.capability,
    stepRef: requirement.stepRef,
    summary: summary.slice(0, 1000),
    spoken: spoken(summary),
    standing,
    parties: input.parties.slice(0, 16),
    alsoApprove: input.alsoApprove.slice(0, 8),
    grantLink: input.grantLink.slice(0, 300),
    plannerTrace: state.trace,
  };
}

export function promptReply(state: RunState, resumeToken: `0x${string}`, prompt: Prompt): HarnessReply {
  return { kind: 'prompt', resumeToken, prompt, spoken: spoken(prompt.text), plannerTrace: state.trace };
}

export function doneReply(
  state: RunState,
  input: {
    composed: Composed;
    receipts: StepReceipt[];
    effects: Extract<HarnessReply, { kind: 'done' }>['effects'];
    decisions: Extract<HarnessReply, { kind: 'done' }>['decisions'];
    partial: boolean;
  },
): HarnessReply {
  return {
    kind: 'done',
    result: {
      text: input.composed.text.slice(0, 8000),
      ...(input.composed.results !== undefined ? { results: input.composed.results } : {}),
    },
    receipts: input.receipts.slice(0, 32),
    fulfillment: input.partial ? 'partial' : 'fulfilled',
    effects: input.effects.slice(0, 32),
    decisions: input.decisions.slice(0, 32),
    spoken: spoken(input.composed.text),
    plannerTrace: state.trace,
  };
}

/**
 * `waiting`: the run holds the question and waits on someone other than the person (an outside agent that did not
 * answer); the same ask resumed by its runRef tries again. `commitment` names what is awaited, so a resume cannot
 * be mistaken for another wait.
 */
export function waitingReply(
  state: RunState,
  input: { on: string; commitment: `0x${string}`; text: string },
): HarnessReply {
  return {
    kind: 'waiting',
    on: input.on.slice(0, 200),
    commitment: input.commitment,
    text: input.text.slice(0, 2000),
    spoken: spoken(input.text),
    plannerTrace: state.trace,
  };
}

export function refusedReply(
  state: RunState,
  outcome: Extract<HarnessReply, { kind: 'refused' }>['outcome'],
  error: WireError,
  receipts: StepReceipt[],
): HarnessReply {
  return {
    kind: 'refused',
    outcome,
    error,
    receipts: receipts.slice(0, 32),
    spoken: spoken(error.message),
    plannerTrace: state.trace,
  };
}
