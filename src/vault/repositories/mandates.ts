import { z } from 'zod';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { refuse, type Refusal } from '../outcome';
import { checkRow, readRow, readRows, writeRow, type VaultRead } from '../rows';
import { Address, Hash, Id, Json, Millis, normalizeAddress, normalizeHash } from '../values';

/**
 * A signed mandate (DESIGN §3): a delegation from a Smart Agent to the harness agent, with its use count. The
 * vault counts calls for off-chain acts (DESIGN §10) and refuses a use once `maxUses` is reached; revocation on the
 * chain is read by the verifier, `status: revoked` here only records that the person revoked it.
 */
export const MandateRow = z.strictObject({
  hash: Hash,
  delegator: Address,
  delegate: Address,
  capability: z.string().min(1).max(120),
  runRef: Id.optional(),
  stepRef: Id.optional(),
  maxUses: z.number().int().min(1).max(1_000_000),
  uses: z.number().int().min(0),
  /** The effects that consumed a use (one key per intended effect), so a resumed step re-asking is not charged twice. */
  effectKeys: z.array(z.string().min(1).max(200)).max(1000).optional(),
  status: z.enum(['active', 'used', 'revoked']),
  validAfter: Millis.optional(),
  validUntil: Millis.optional(),
  /** The signed delegation as src/wallet serialises it (bigints as decimal strings). */
  delegation: Json,
  /** The intent binding (plan digest, step ref, args digest, ontology and playbook digests) and its digest. */
  binding: Json,
  bindingDigest: Hash,
  createdAt: Millis,
  updatedAt: Millis,
  revokedAt: Millis.optional(),
});
export type MandateRow = z.output<typeof MandateRow>;
export type MandateInput = Omit<
  z.input<typeof MandateRow>,
  'uses' | 'effectKeys' | 'status' | 'createdAt' | 'updatedAt' | 'revokedAt' | 'maxUses'
> & { maxUses?: number };
export type MandateStatus = MandateRow['status'];

export type MandateUseRefusal = Refusal<
  | 'MANDATE_UNKNOWN'
  | 'MANDATE_EXHAUSTED'
  | 'MANDATE_REVOKED'
  | 'MANDATE_NOT_YET_VALID'
  | 'MANDATE_EXPIRED'
  | 'VAULT_ROW_CORRUPT'
>;
/** `repeated`: this effect already held a use, so none was counted now (idempotent per effectKey). */
export type MandateUse = { ok: true; mandate: MandateRow; remaining: number; repeated: boolean } | MandateUseRefusal;

export type MandatesRepository = {
  /** Stores a newly signed mandate (1 use by default). A hash already stored is returned untouched: never reset. */
  record(input: MandateInput): Promise<{ mandate: MandateRow; created: boolean }>;
  get(hash: string): Promise<MandateRow | undefined>;
  /**
   * Counts one use atomically; refused when unknown, revoked, outside its window, or exhausted. With an effectKey
   * the count is idempotent: the same effect asking again gets its use back (`repeated`), never a second one.
   */
  use(hash: string, options?: { effectKey?: string }): Promise<MandateUse>;
  revoke(hash: string): Promise<MandateRow | undefined>;
  list(filter?: { delegator?: string; runRef?: string; status?: MandateStatus }): Promise<VaultRead<MandateRow>>;
};

export function createMandatesRepository(db: VaultDb, clock: VaultClock): MandatesRepository {
  const key = normalizeHash;

  const use = (hash: string, options: { effectKey?: string } = {}): Promise<MandateUse> =>
    db.transaction('rw', db.mandates, async () => {
      const raw = await db.mandates.get(key(hash));
      if (raw === undefined)
        return refuse('MANDATE_UNKNOWN', 'This mandate is not in the vault, so it authorizes nothing.');
      const checked = checkRow('mandates', MandateRow, raw);
      if (!checked.ok) return refuse('VAULT_ROW_CORRUPT', checked.corrupt.message);
      const mandate = checked.row;
      const now = clock.now();
      if (mandate.status === 'revoked')
        return refuse('MANDATE_REVOKED', 'This mandate was revoked; it can no longer be used.');
      const spentBy = mandate.effectKeys ?? [];
      if (options.effectKey !== undefined && spentBy.includes(options.effectKey)) {
        return { ok: true as const, mandate, remaining: mandate.maxUses - mandate.uses, repeated: true };
      }
      if (mandate.status === 'used' || mandate.uses >= mandate.maxUses) {
        return refuse(
          'MANDATE_EXHAUSTED',
          `This mandate allowed ${mandate.maxUses} use${mandate.maxUses === 1 ? '' : 's'} and has none left.`,
        );
      }
      if (mandate.validAfter !== undefined && now < mandate.validAfter)
        return refuse('MANDATE_NOT_YET_VALID', 'This mandate is not valid yet.');
      if (mandate.validUntil !== undefined && now > mandate.validUntil)
        return refuse('MANDATE_EXPIRED', 'This mandate has expired.');
      const uses = mandate.uses + 1;
      const effectKeys = options.effectKey === undefined ? mandate.effectKeys : [...spentBy, options.effectKey];
      const next = writeRow('mandates', MandateRow, {
        ...mandate,
        uses,
        effectKeys,
        status: uses >= mandate.maxUses ? 'used' : 'active',
        updatedAt: now,
      });
      await db.mandates.put(next);
      return { ok: true as const, mandate: next, remaining: next.maxUses - uses, repeated: false };
    });

  return {
    record: (input) =>
      db.transaction('rw', db.mandates, async () => {
        const existing = readRow('mandates', MandateRow, await db.mandates.get(key(input.hash)));
        if (existing !== undefined) return { mandate: existing, created: false };
        const now = clock.now();
        const mandate = writeRow('mandates', MandateRow, {
          maxUses: 1,
          ...input,
          uses: 0,
          status: 'active',
          createdAt: now,
          updatedAt: now,
        });
        await db.mandates.add(mandate);
        return { mandate, created: true };
      }),
    get: async (hash) => readRow('mandates', MandateRow, await db.mandates.get(key(hash))),
    use,
    revoke: (hash) =>
      db.transaction('rw', db.mandates, async () => {
        const mandate = readRow('mandates', MandateRow, await db.mandates.get(key(hash)));
        if (mandate === undefined) return undefined;
        if (mandate.status === 'revoked') return mandate;
        const now = clock.now();
        const next = writeRow('mandates', MandateRow, {
          ...mandate,
          status: 'revoked',
          revokedAt: now,
          updatedAt: now,
        });
        await db.mandates.put(next);
        return next;
      }),
    list: async (filter = {}) => {
      const raws =
        filter.delegator !== undefined
          ? await db.mandates.where('delegator').equals(normalizeAddress(filter.delegator)).toArray()
          : filter.runRef !== undefined
            ? await db.mandates.where('runRef').equals(filter.runRef).toArray()
            : await db.mandates.toArray();
      const read = readRows('mandates', MandateRow, raws);
      const keep = (m: MandateRow) =>
        (filter.runRef === undefined || m.runRef === filter.runRef) &&
        (filter.status === undefined || m.status === filter.status);
      return { rows: read.rows.filter(keep), corrupt: read.corrupt };
    },
  };
}
