import { getAddress } from 'viem';
import { askDigest, type AskRequest } from '../../protocol/ask';
import { digestOf } from '../../protocol/digest';
import { RoutedBody, type RoutedStep } from '../../protocol/routed';
import { isControlRun } from '../kernel/control';
import type { HarnessContext } from '../kernel/context';
import type { Address } from '../kernel/ports';

/**
 * The routed door (seed 001 step 0.3): a step the person's own agent routed to this agent. The body must be for this
 * agent and for exactly this ask; the forwarded credential over it must verify — signed by the router (ERC-1271 /
 * ERC-6492), naming this agent as its receiver, this deployment's zone as its audience, and as its addressee the
 * asker's own agent or the room that routed the step — and its nonce is spent once, on this agent's object, last.
 * The router routes only its own person's asks: the asker is the router. What runs then is the one routed step,
 * judged here under this agent's own playbook and authority.
 */
export type RoutedOutcome =
  | { ok: true; asker: Address; router: Address; from: { runRef: string; stepRef: string }; step: RoutedStep }
  | { ok: false; code: string; message: string };

const refuse = (code: string, message: string): RoutedOutcome => ({ ok: false, code, message });

export async function verifyRouted(
  ctx: HarnessContext,
  input: { request: AskRequest; addressee: Address; body: unknown; credential: unknown; signature: unknown },
): Promise<RoutedOutcome> {
  const parsed = RoutedBody.safeParse(input.body);
  if (!parsed.success) return refuse('ROUTED_MALFORMED', 'The routed step is not well formed.');
  const body = parsed.data;
  if (getAddress(body.room) !== input.addressee)
    return refuse('ROUTED_WRONG_ROOM', 'This routed step was sent to another agent.');
  if (body.requestDigest !== askDigest(input.request))
    return refuse('ROUTED_WRONG_MESSAGE', 'This routed step was signed for another ask.');
  if (getAddress(body.asker) !== getAddress(body.router))
    return refuse('ROUTED_NOT_THE_ASKERS', 'An agent may route only its own person’s asks.');
  const accepted = {
    ok: true as const,
    asker: getAddress(body.asker),
    router: getAddress(body.router),
    from: body.from,
    step: body.step,
  };
  // The control run (PROOF.md) receives the step unchecked, to show that each refusal below is what stops it.
  if (isControlRun(ctx)) return accepted;
  if (ctx.authority.verifyForwarded === undefined)
    return refuse('ROUTING_UNAVAILABLE', 'This Home receives no routed steps.');
  const verdict = await ctx.authority.verifyForwarded({
    credential: input.credential,
    signature: input.signature,
    now: Math.floor(ctx.clock.now() / 1000),
    expect: {
      receiver: input.addressee,
      audience: ctx.settings.zone,
      addressees: [accepted.asker, accepted.router],
      bodyDigest: digestOf(body),
      router: accepted.router,
    },
    spend: async (nonce, exp) =>
      (await ctx.vault.nonces.spend({ nonce, scope: `routed:${input.addressee}`, expiresAt: (exp + 30) * 1000 })) ===
      'fresh',
  });
  if (!verdict.ok) return refuse(verdict.code, verdict.reason);
  return accepted;
}
