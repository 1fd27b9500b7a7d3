import type { Hex } from 'viem';
import type { AskRequest } from '../../protocol/ask';
import type { HarnessReply } from '../../protocol/harness-reply';
import type { RoutedBody } from '../../protocol/routed';
import type { Address } from './vocabulary';

/**
 * Rooms: the other agents a step may be routed to (seed 001 steps 0.3 and 8.1) — the organizations' agents the
 * person stewards, each judging a routed step under its own playbook and authority. The composition root builds the
 * rooms (src/agent/rooms.ts); the harness only asks which room a step's subject has, and routes the step there: the
 * port signs the forwarded credential over the body as the router and delivers both to the room's routed door
 * (../doors/routed.ts), which verifies them before anything runs.
 */
export type Room = { address: Address; name: string };

export type RoutedAnswer =
  { kind: 'reply'; runRef: string; reply: HarnessReply } | { kind: 'refused'; code: string; message: string };

export interface RoomsPort {
  /** The room of `subject` the asker stewards, or null: the step is then the person's own agent's to run. */
  roomFor(query: { asker: Address; subject: Address; capability: string }): Promise<Room | null>;
  /** One hop: the ask (fresh, or the resume of the room's run) with its body, signed by the router and delivered. */
  route(query: { room: Room; request: AskRequest; body: RoutedBody }): Promise<RoutedAnswer>;
}

/** What the routed door asks the wallet to check of a forwarded credential; the nonce is spent through `spend`. */
export type ForwardedQuery = {
  credential: unknown;
  signature: unknown;
  /** Seconds since the epoch. */
  now: number;
  expect: { receiver: Address; audience: string; addressees: readonly Address[]; bodyDigest: Hex; router: Address };
  /** Spends the nonce on the receiver's object; false when it was spent before. Called last, only if all else holds. */
  spend: (nonce: string, exp: number) => Promise<boolean>;
};

export type ForwardedVerdict = { ok: true; nonce: string } | { ok: false; code: string; reason: string };
