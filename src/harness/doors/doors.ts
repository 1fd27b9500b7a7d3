import { getAddress } from 'viem';
import type { AskRequest } from '../../protocol/ask';
import type { WireError } from '../../protocol/errors';
import type { Door, HarnessContext } from '../kernel/context';
import type { Address } from '../kernel/ports';
import { relationOf } from '../authority/standing';
import { RunStateSchema, type RunState } from '../kernel/run-state';
import { normalizeAddressee } from './addressee';
import { verifyAskAsMe } from './ask-as-me';
import { verifyRouted } from './routed';
import type { RoutedStep } from '../../protocol/routed';
import type { ReadScope } from './read-scope';

/**
 * Step 0 — admit the caller (seed 001 §3). The two doors, the addressee normalised, the provider offered, the
 * asker's standing towards the addressee, and — for a resume — the run loaded: claimable by this caller, not
 * expired, intact. A refusal here is a WireError in words; no run exists yet to carry it.
 */
export type DoorRecord = RunState['door'];

export type Admitted =
  | { kind: 'refused'; error: WireError }
  | { kind: 'fresh'; asker: Address; addressee: Address; door: DoorRecord; read?: ReadScope; routed?: RoutedStep }
  | { kind: 'resume'; asker: Address; addressee: Address; door: DoorRecord; read?: ReadScope; state: RunState };

const refuse = (code: string, message: string, status: number): Admitted => ({
  kind: 'refused',
  error: { code, message, details: { status } },
});

/** A spent budget in words: how many asks it held, and when it takes more (seed 001 step 0.5). */
export function budgetSpentWords(spent: { resetsAt: number; allowance?: number }, now: number): string {
  const what =
    spent.allowance !== undefined
      ? `This agent has answered the ${spent.allowance} asks it takes in its budget`
      : 'This agent has spent its budget';
  const minutes = Math.ceil((spent.resetsAt - now) / 60_000);
  if (minutes <= 0) return `${what}; try again later.`;
  const when = minutes < 90 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.ceil(minutes / 60)} hours`;
  return `${what}; it takes more in about ${when}. You can change the daily allowance in your Home's settings.`;
}

export async function admitCaller(ctx: HarnessContext, input: { request: AskRequest; door: Door }): Promise<Admitted> {
  const { request, door } = input;
  const addressee = normalizeAddressee(request.addressee, ctx.settings.chainId);
  if (!addressee.ok) return refuse('BAD_ADDRESSEE', addressee.reason, 400);
  if (request.provider !== undefined && !ctx.settings.providers.includes(request.provider)) {
    return refuse(
      'UNKNOWN_PROVIDER',
      `The model provider "${request.provider.slice(0, 64)}" is not offered on this Home.`,
      400,
    );
  }

  let asker: Address;
  let record: DoorRecord;
  let read: ReadScope | undefined;
  let routed: RoutedStep | undefined;
  if (door.kind === 'session') {
    asker = getAddress(door.asker);
    record = { kind: 'session' };
  } else if (door.kind === 'routed') {
    const verdict = await verifyRouted(ctx, { request, addressee: addressee.address, ...door });
    if (!verdict.ok) return refuse(verdict.code, verdict.message, 403);
    asker = verdict.asker;
    routed = verdict.step;
    record = { kind: 'routed', router: verdict.router, fromRun: verdict.from.runRef, fromStep: verdict.from.stepRef };
  } else {
    const verdict = await verifyAskAsMe(ctx, {
      request,
      addressee: addressee.address,
      origin: door.origin,
      credential: door.credential,
      ...(door.app !== undefined ? { app: door.app } : {}),
    });
    if (!verdict.ok) return refuse(verdict.code, verdict.message, 403);
    asker = verdict.asker;
    read = verdict.read;
    record = {
      kind: 'ask-as-me',
      origin: door.origin.slice(0, 300),
      wireHash: verdict.wireHash,
      app: verdict.read.app,
    };
  }

  const relation = await relationOf(ctx, asker, addressee.address);
  if (relation === 'stranger')
    return refuse(
      'NOT_YOUR_AGENT',
      'You hold no standing at that agent: it is neither yours nor one you steward or belong to.',
      403,
    );

  if (request.runRef === undefined) {
    if (request.supplied !== undefined && request.supplied.length > 0)
      return refuse('NOTHING_TO_RESUME', 'Answers were sent without the run they answer.', 400);
    const charged = await ctx.vault.budget.charge(addressee.address, ctx.settings.askCost);
    if (!charged.ok) return refuse('BUDGET_SPENT', budgetSpentWords(charged, ctx.clock.now()), 429);
    return {
      kind: 'fresh',
      asker,
      addressee: addressee.address,
      door: record,
      ...(read ? { read } : {}),
      ...(routed ? { routed } : {}),
    };
  }

  const stored = await ctx.vault.runs.get(request.runRef);
  if (stored === null || stored === undefined)
    return refuse('RUN_NOT_FOUND', 'There is no run by that reference.', 404);
  const parsed = RunStateSchema.safeParse(stored);
  if (!parsed.success)
    return refuse(
      'RUN_CORRUPT',
      'That run’s record is damaged, so it cannot be resumed safely; nothing was done.',
      409,
    );
  const state = parsed.data;
  if (state.asker !== asker || state.addressee !== addressee.address)
    return refuse('RUN_NOT_YOURS', 'That run belongs to another conversation.', 403);
  if (state.expiresAt < ctx.clock.now()) return refuse('RUN_EXPIRED', 'That run has expired; ask again.', 410);
  return { kind: 'resume', asker, addressee: addressee.address, door: record, ...(read ? { read } : {}), state };
}
