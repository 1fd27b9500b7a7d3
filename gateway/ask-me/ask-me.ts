import { getAddress } from 'viem';
import { COACH_CARD_SKILLS } from '../../src/ontology/health-portal.generated';
import { askDigest, type CallerAssertion } from '../../src/protocol/ask';
import type { AskMeAnswer } from '../../src/protocol/heartcoach';
import type { ConsultationRequest } from '../a2a/consultation';
import type { Subject } from '../auth/verify-bearer';
import type { CoachDeps } from '../coach/deps';
import { admitToolCall } from '../coach/tier-gate';
import { liveWireOf } from '../desk/sessions';
import { refuse } from '../errors';

/** A caller assertion lives five minutes: long enough to reach the person's agent, too short to be worth stealing. */
export const ASSERTION_TTL_SECONDS = 5 * 60;

const wireRequired = (why: string) => refuse.precondition('ask_wire_required', `Connect at Home: ${why}`);

/**
 * heartcoach.ask.me (seed 000 §1, DESIGN §3): the other door. HeartCoach does not answer; it hands the page the ask
 * to send to the person's own agent and a caller assertion for it — `{ method, nonce, addressee, messageDigest,
 * channel, surface, iat, exp }`, `messageDigest = askDigest(request)` — signed by its service key (the wallet's caller
 * assertion signature, checked by the person's agent against the wire's delegate), for the wire the
 * person registered. No live wire, or one that no longer verifies (revoked on chain), is 412 ask_wire_required.
 */
export async function askMe(deps: CoachDeps, subject: Subject, request: ConsultationRequest): Promise<AskMeAnswer> {
  admitToolCall({ toolName: 'coach_turn' });
  const message = (request.text.trim() || request.metadata.message?.trim()) ?? '';
  if (message === '') throw refuse.badRequest('The message is empty: ask your agent something.', 'empty_message');
  const now = deps.clock.now();
  const wire = await liveWireOf(deps.sql, subject.address, now.toISOString());
  if (wire === null) throw wireRequired('HeartCoach has no live ask-as-me wire from you, so it cannot ask your agent.');
  const verdict = await deps.grants.verifyWire(wire.wire, { delegate: deps.service.address });
  if (!verdict.ok) throw wireRequired(`your ask-as-me wire no longer verifies (${verdict.reason}).`);
  if (verdict.person.toLowerCase() !== subject.address) throw wireRequired('the registered wire is not yours.');
  const ask = { addressee: getAddress(subject.address), message, surface: 'page' as const };
  const iat = Math.floor(now.getTime() / 1000);
  const assertion: CallerAssertion = {
    method: 'harness.ask',
    nonce: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('hex'),
    addressee: ask.addressee,
    messageDigest: askDigest(ask),
    channel: 'page-provider',
    surface: ask.surface,
    iat,
    exp: iat + ASSERTION_TTL_SECONDS,
  };
  const signature = await deps.service.signAssertion(assertion);
  const wireHash = wire.hash as `0x${string}`;
  return {
    kind: 'ask-me',
    request: ask,
    credential: { wireHash, assertion, signature },
    signer: deps.service.address,
    tier: COACH_CARD_SKILLS['heartcoach.ask.me']!.tier,
  };
}
