import { z } from 'zod';
import type { Subject } from '../auth/verify-bearer';
import { putWire } from '../desk/sessions';
import type { Sql } from '../desk/sql';
import { refuse } from '../errors';
import type { Clock, GrantVerifier } from '../ports';

export const RegisterWireBody = z.strictObject({
  wire: z
    .record(z.string().max(64), z.unknown())
    .refine((w) => JSON.stringify(w).length <= 16_384, 'the wire is larger than 16 kB'),
});

/**
 * POST /ask-me/wire: registers an ask-as-me wire the person granted HeartCoach's agent. It is verified (signature by
 * ERC-1271/6492, not revoked), it must be the caller's own, delegate to HeartCoach's agent, name HeartCoach's origin
 * (inside what was signed) and not have expired.
 */
export async function registerWire(
  deps: {
    sql: Sql;
    clock: Clock;
    grants: GrantVerifier;
    service: { address: `0x${string}` };
    origins: readonly string[];
  },
  subject: Subject,
  body: z.infer<typeof RegisterWireBody>,
): Promise<{ registered: true; wire: string; expiresAt: string }> {
  const verdict = await deps.grants.verifyWire(body.wire, { delegate: deps.service.address });
  if (!verdict.ok) throw refuse.forbidden('wire_refused', `The ask-as-me wire was refused: ${verdict.reason}`);
  if (verdict.person.toLowerCase() !== subject.address)
    throw refuse.forbidden(
      'wire_not_yours',
      'The wire was granted by another account; only its grantor may register it.',
    );
  if (verdict.delegate.toLowerCase() !== deps.service.address.toLowerCase()) {
    throw refuse.forbidden('wire_refused', "The wire delegates to another agent, not HeartCoach's.");
  }
  if (!deps.origins.includes(verdict.origin)) {
    throw refuse.forbidden(
      'wire_origin',
      `The wire is for ${verdict.origin}, not for HeartCoach (${deps.origins.join(', ')}).`,
    );
  }
  const now = deps.clock.now();
  if (Date.parse(verdict.expiresAt) <= now.getTime())
    throw refuse.forbidden('wire_expired', 'The wire has already expired; grant a new one at Home.');
  await putWire(deps.sql, {
    hash: verdict.wireHash,
    person: verdict.person,
    delegate: verdict.delegate,
    origin: verdict.origin,
    expiresAt: new Date(verdict.expiresAt).toISOString(),
    wire: body.wire,
    registeredAt: now.toISOString(),
  });
  return { registered: true, wire: verdict.wireHash, expiresAt: new Date(verdict.expiresAt).toISOString() };
}
