import type { JWK } from 'jose';
import type { Sql } from '../desk/sql';
import type { Clock } from '../ports';
import { KEY_RING_LOCK } from './key-ring';
import { keySeal } from './key-seal';
import { fromPrivateJwk } from './session-keys';

/**
 * The signing keys at a start, before the ring signs (gateway/compose.ts). A rotation of SIGNING_KEYS_SECRET gives
 * the new secret first and the old ones after it: every published key sealed under an older secret is sealed again
 * under the newest, so the old secret can be dropped at a later start without retiring a key. A published key that
 * no given secret opens is refused in words — the gateway does not start — unless `retireUnopened` (the operator's
 * SIGNING_KEYS_RETIRE=1): then those keys are deleted, so every access token they signed is refused, and every
 * session is signed out with them, so its refresh token is refused too: whoever held a session signs in again, one
 * answer on both endpoints. One instance at a time, under the ring's advisory lock.
 */
export type ResealReport = { resealed: string[]; retired: string[]; sessionsEnded: number };

type Stored = { kid: string; private_jwk: string };

export async function resealSigningKeys(
  sql: Sql,
  clock: Clock,
  options: { secrets: readonly string[] | null; retireUnopened?: boolean },
): Promise<ResealReport> {
  const seal = keySeal(options.secrets);
  const now = clock.now().toISOString();
  return sql.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${KEY_RING_LOCK})`);
    const rows = await tx.query<Stored>(
      `SELECT kid, private_jwk FROM signing_keys WHERE published_until > $1 ORDER BY signs_from`,
      [now],
    );
    const resealed: string[] = [];
    const unopened: string[] = [];
    for (const row of rows) {
      const opened = seal.open(row.kid, row.private_jwk);
      const key = opened === null ? null : await fromPrivateJwk(JSON.parse(opened.jwk) as JWK).catch(() => null);
      if (opened === null || key === null || key.kid !== row.kid) {
        unopened.push(row.kid);
        continue;
      }
      if (opened.newest) continue;
      await tx.query(`UPDATE signing_keys SET private_jwk = $2 WHERE kid = $1`, [
        row.kid,
        seal.seal(row.kid, opened.jwk),
      ]);
      resealed.push(row.kid);
    }
    if (unopened.length === 0) return { resealed, retired: [], sessionsEnded: 0 };
    if (options.retireUnopened !== true) throw new Error(refusal(unopened, seal.sealed));
    for (const kid of unopened) await tx.query(`DELETE FROM signing_keys WHERE kid = $1`, [kid]);
    await tx.query(`UPDATE refresh_tokens SET revoked_at = $1 WHERE revoked_at IS NULL`, [now]);
    const ended = await tx.query(`UPDATE sessions SET revoked_at = $1 WHERE revoked_at IS NULL RETURNING sid`, [now]);
    return { resealed, retired: unopened, sessionsEnded: ended.length };
  });
}

function refusal(kids: readonly string[], sealed: boolean): string {
  const which = `${kids.length === 1 ? 'The signing key' : `${kids.length} signing keys`} (${kids.join(', ')})`;
  const given = sealed
    ? 'no secret in SIGNING_KEYS_SECRET (or SIGNING_KEYS_SECRET_FILE) opens'
    : 'were sealed under a secret, and none is given (SIGNING_KEYS_SECRET)';
  return (
    `The gateway did not start — ${which} in the database ${sealed ? `${given} ${kids.length === 1 ? 'it' : 'them'}` : given}. ` +
    'To rotate the secret, give the new one first and the old ones after it, comma-separated ' +
    '(SIGNING_KEYS_SECRET=new,old): the keys are sealed again under the new one, and the old can be dropped at a ' +
    'later start. To retire these keys instead, start once with SIGNING_KEYS_RETIRE=1: every access token they ' +
    'signed is refused from then on and every session is signed out (its refresh token too).'
  );
}
