import { getAddress, type Address } from 'viem';
import { RunStateSchema, type RunState } from '../harness/run/run-state';
import type { AskSurface, Material, Supplied, SuppliedPlan } from '../protocol/ask';
import { HomeError, type Result } from '../protocol/errors';
import type { AskResponse, HarnessReply, Requirement } from '../protocol/harness-reply';
import type { HomeAgentCore } from './home-agent';

/**
 * The person's turns at their own Home (the session door): a fresh ask, a resume with what they did, a decline,
 * and the runs waiting for them. A resume names only the run: its addressee comes from the run's own checkpoint,
 * and the asker is always the session's person — the harness then checks the run is theirs.
 */
export type AskInput = { message: string; addressee?: Address; asker?: Address; surface: AskSurface; material?: Material[]; plan?: SuppliedPlan; provider?: string };
export type ResumeInput = { runRef: string; supplied?: Supplied[]; asker?: Address; surface: AskSurface };

export async function askAt(core: HomeAgentCore, input: AskInput): Promise<Result<AskResponse>> {
  const owner = await core.owner();
  const request = {
    addressee: input.addressee ?? owner,
    message: input.message,
    surface: input.surface,
    ...(input.material !== undefined ? { material: input.material } : {}),
    ...(input.plan !== undefined ? { plan: input.plan } : {}),
    ...(input.provider !== undefined ? { provider: input.provider } : {}),
  };
  return core.harness.ask(request, { kind: 'session', asker: input.asker ?? owner });
}

/** A run's checkpoint as the harness wrote it, read back through the harness's own schema. */
export async function runStateOf(core: HomeAgentCore, runRef: string): Promise<RunState> {
  const loaded = await core.parts.vault.runs.load(runRef);
  if (loaded.kind === 'absent') throw new HomeError('RUN_NOT_FOUND', 'There is no run by that reference.');
  if (loaded.kind === 'expired') throw new HomeError('RUN_EXPIRED', 'That run has expired; ask again.');
  const parsed = RunStateSchema.safeParse(loaded.run.checkpoint);
  if (!parsed.success) throw new HomeError('RUN_CORRUPT', 'That run’s record is damaged, so it cannot be resumed safely; nothing was done.');
  return parsed.data;
}

export async function resumeAt(core: HomeAgentCore, input: ResumeInput): Promise<Result<AskResponse>> {
  const owner = await core.owner();
  const loaded = await core.parts.vault.runs.load(input.runRef);
  // An unknown or expired run is the harness's to refuse in its own words; the addressee then defaults to the owner.
  const addressee = loaded.kind === 'found' ? getAddress(loaded.run.addressee) : owner;
  const request = { addressee, runRef: input.runRef, surface: input.surface, ...(input.supplied !== undefined ? { supplied: input.supplied } : {}) };
  return core.harness.ask(request, { kind: 'session', asker: input.asker ?? owner });
}

export function declineAt(core: HomeAgentCore, input: { runRef: string; reason?: string; surface: AskSurface }): Promise<Result<AskResponse>> {
  const supplied: Supplied = { kind: 'decline', ...(input.reason !== undefined ? { reason: input.reason.slice(0, 500) } : {}) };
  return resumeAt(core, { runRef: input.runRef, surface: input.surface, supplied: [supplied] });
}

/** The requirement a run waits on the person to sign, or a refusal in words when it waits on something else. */
export async function pendingRequirement(core: HomeAgentCore, runRef: string): Promise<Requirement> {
  const state = await runStateOf(core, runRef);
  const reply = state.reply;
  if (state.status !== 'awaiting' || state.pending === null || state.pending.kind !== 'authority' || reply === null || reply.kind !== 'authority_required') {
    throw new HomeError('NOTHING_TO_SIGN', 'That run is not waiting for a mandate from you.');
  }
  if (reply.requirement.bindingDigest !== state.pending.bindingDigest) throw new HomeError('RUN_CORRUPT', 'That run’s request does not match what it waits for; nothing was signed.');
  return reply.requirement;
}

export type PendingRun = { runRef: string; addressee: Address; asker: Address; words: string; waitingFor: HarnessReply['kind']; text: string; requirement?: Requirement; expiresAt: number };

/** Runs waiting for the person (a mandate, an answer, a choice, a co-signature), newest first. */
export async function pendingRuns(core: HomeAgentCore, limit = 20): Promise<PendingRun[]> {
  const rows = (await core.parts.vault.runs.list('awaiting')).rows.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, limit);
  return rows.flatMap((row) => {
    const parsed = RunStateSchema.safeParse(row.checkpoint);
    if (!parsed.success || parsed.data.reply === null) return [];
    const { reply } = parsed.data;
    const text = reply.kind === 'authority_required' ? reply.summary : reply.kind === 'prompt' ? reply.prompt.text : reply.spoken;
    return [{
      runRef: row.runRef,
      addressee: getAddress(row.addressee),
      asker: getAddress(row.asker),
      words: parsed.data.words,
      waitingFor: reply.kind,
      text: text.slice(0, 1000),
      ...(reply.kind === 'authority_required' ? { requirement: reply.requirement } : {}),
      expiresAt: row.expiresAt,
    }];
  });
}
