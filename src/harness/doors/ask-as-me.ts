import { getAddress } from 'viem';
import { askDigest, AskAsMeCredential, type AskRequest } from '../../protocol/ask';
import { digestOf } from '../../protocol/digest';
import type { HarnessContext } from '../kernel/context';
import type { Address } from '../kernel/ports';
import type { ReadScope } from './read-scope';

/**
 * The ask-as-me door (seed 001 step 0.2, DESIGN §3): an app presents the person's wire (a delegation pinned to
 * harness.ask, time-bounded, revocable, its origin inside what was signed) with a caller assertion signed by the
 * wire's delegate. Every check must pass; the nonce is spent last, exactly once. The run then proceeds as the
 * person, with no Home session: reads under their standing, every act parking for a mandate only they can sign.
 */
export type AskAsMeOutcome =
  { ok: true; asker: Address; wireHash: `0x${string}`; read: ReadScope } | { ok: false; code: string; message: string };

const MAX_ASSERTION_SECONDS = 300;
const SKEW_SECONDS = 30;

export async function verifyAskAsMe(
  ctx: HarnessContext,
  input: { request: AskRequest; addressee: Address; origin: string; credential: unknown; app?: string },
): Promise<AskAsMeOutcome> {
  const parsed = AskAsMeCredential.safeParse(input.credential);
  if (!parsed.success)
    return { ok: false, code: 'ASSERTION_MALFORMED', message: 'The ask-as-me credential is not well formed.' };
  const { wireHash, assertion, signature } = parsed.data;
  const now = Math.floor(ctx.clock.now() / 1000);
  if (getAddress(assertion.addressee) !== input.addressee)
    return {
      ok: false,
      code: 'ASSERTION_WRONG_ADDRESSEE',
      message: 'The caller assertion was signed for another agent.',
    };
  if (assertion.messageDigest !== askDigest(input.request))
    return {
      ok: false,
      code: 'ASSERTION_WRONG_MESSAGE',
      message: 'The caller assertion was signed for another message.',
    };
  if (assertion.surface !== input.request.surface)
    return { ok: false, code: 'ASSERTION_WRONG_SURFACE', message: 'The caller assertion names another surface.' };
  if (assertion.exp - assertion.iat > MAX_ASSERTION_SECONDS)
    return { ok: false, code: 'ASSERTION_TOO_LONG', message: 'A caller assertion may live at most five minutes.' };
  if (assertion.iat > now + SKEW_SECONDS || assertion.exp < now)
    return { ok: false, code: 'ASSERTION_EXPIRED', message: 'The caller assertion has expired; ask again.' };

  const wire = await ctx.authority.verifyWire({ hash: wireHash, now });
  if (!wire.ok)
    return { ok: false, code: wire.code.startsWith('WIRE_') ? wire.code : `WIRE_${wire.code}`, message: wire.reason };
  if (wire.capability !== 'harness.ask')
    return { ok: false, code: 'WIRE_WRONG_CAPABILITY', message: 'That grant does not let an app ask on your behalf.' };
  if (wire.origin !== input.origin)
    return {
      ok: false,
      code: 'WIRE_WRONG_ORIGIN',
      message: `That grant was given to ${wire.origin}, not to ${input.origin}.`,
    };
  if (now < wire.notBefore || now > wire.notAfter)
    return { ok: false, code: 'WIRE_EXPIRED', message: 'That grant to ask on your behalf has expired.' };

  const signed = await ctx.authority.verifySignature({
    signer: wire.delegate,
    digest: digestOf(assertion),
    signature,
    purpose: 'caller-assertion',
  });
  if (!signed.ok)
    return {
      ok: false,
      code: 'ASSERTION_NOT_BY_DELEGATE',
      message: 'The caller assertion was not signed by the app the grant names.',
    };

  const spent = await ctx.vault.nonces.spend({
    nonce: assertion.nonce,
    scope: wireHash,
    expiresAt: (assertion.exp + SKEW_SECONDS) * 1000,
  });
  if (spent !== 'fresh')
    return {
      ok: false,
      code: 'ASSERTION_REPLAYED',
      message: 'That caller assertion was already used; an app must sign a fresh one for every ask.',
    };
  const asker = getAddress(wire.delegator);
  // A wire signed before read scopes reads only the folders of the app's own cabinet grant, nothing else.
  const read = wire.read ?? {
    folders: (await ctx.vault.grants.foldersAt?.({ person: asker, origin: wire.origin })) ?? [],
    kinds: [],
  };
  const app = input.app?.trim().slice(0, 80) || wire.origin;
  return {
    ok: true,
    asker,
    wireHash,
    read: { app, origin: wire.origin, folders: [...read.folders], kinds: [...read.kinds] },
  };
}
