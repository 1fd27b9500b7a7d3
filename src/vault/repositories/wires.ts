import { z } from 'zod';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { CabinetFolder } from '../records/cabinet';
import { readRow, readRows, writeRow, type VaultRead } from '../rows';
import { Address, Hash, Json, Millis, normalizeAddress, normalizeHash } from '../values';

/** A web origin exactly as URL.origin spells it (scheme, host, port; no path). */
export const Origin = z
  .string()
  .max(300)
  .refine(
    (value) => URL.canParse(value) && new URL(value).origin === value,
    'a web origin such as https://coach.example',
  );

const base = {
  hash: Hash,
  /** given: the person delegated it to an app; received: someone delegated it to one of this profile's agents. */
  direction: z.enum(['given', 'received']),
  delegator: Address,
  delegate: Address,
  origin: Origin,
  notBefore: Millis.optional(),
  expiresAt: Millis,
  status: z.enum(['active', 'revoked']),
  delegation: Json,
  createdAt: Millis,
  revokedAt: Millis.optional(),
};

/**
 * Wires and grants (DESIGN §3, §10): an ask-as-me wire pinned to `harness.ask`, or a cabinet grant naming the
 * folders an app may read. Origin, capability and expiry are inside what was signed; this row is the vault's copy
 * for listing and revoking — the verifier checks the signature and `disabledDelegations`, not this row.
 */
export const WireRow = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('ask-as-me'), capability: z.literal('harness.ask'), ...base }),
  z.strictObject({
    kind: z.literal('cabinet-grant'),
    folders: z
      .array(CabinetFolder)
      .min(1)
      .max(6)
      .refine((f) => new Set(f).size === f.length, 'each folder once'),
    ...base,
  }),
]);
export type WireRow = z.output<typeof WireRow>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type WireInput = DistributiveOmit<z.input<typeof WireRow>, 'status' | 'createdAt' | 'revokedAt'>;
export type WireStanding = 'active' | 'revoked' | 'expired' | 'not-yet-valid';

/** Where a wire stands at `now`: revoked wins, then its window. */
export function wireStanding(wire: WireRow, now: number): WireStanding {
  if (wire.status === 'revoked') return 'revoked';
  if (wire.notBefore !== undefined && now < wire.notBefore) return 'not-yet-valid';
  return now >= wire.expiresAt ? 'expired' : 'active';
}

export type WireFilter = {
  kind?: WireRow['kind'];
  direction?: WireRow['direction'];
  delegate?: string;
  origin?: string;
};

export type WiresRepository = {
  /** Stores a wire or grant; one already stored under the hash is returned untouched (a revocation is never undone). */
  record(input: WireInput): Promise<{ wire: WireRow; created: boolean }>;
  get(hash: string): Promise<WireRow | undefined>;
  list(filter?: WireFilter): Promise<VaultRead<WireRow>>;
  /** Wires matching the filter that stand active now (not revoked, inside their window). */
  active(filter?: WireFilter): Promise<VaultRead<WireRow>>;
  revoke(hash: string): Promise<WireRow | undefined>;
};

export function createWiresRepository(db: VaultDb, clock: VaultClock): WiresRepository {
  const list = async (filter: WireFilter = {}): Promise<VaultRead<WireRow>> => {
    const raws =
      filter.delegate !== undefined
        ? await db.wires.where('delegate').equals(normalizeAddress(filter.delegate)).toArray()
        : await db.wires.toArray();
    const read = readRows('wires', WireRow, raws);
    const keep = (w: WireRow) =>
      (filter.kind === undefined || w.kind === filter.kind) &&
      (filter.direction === undefined || w.direction === filter.direction) &&
      (filter.origin === undefined || w.origin === filter.origin);
    return { rows: read.rows.filter(keep), corrupt: read.corrupt };
  };

  return {
    record: (input) =>
      db.transaction('rw', db.wires, async () => {
        const existing = readRow('wires', WireRow, await db.wires.get(normalizeHash(input.hash)));
        if (existing !== undefined) return { wire: existing, created: false };
        const wire = writeRow('wires', WireRow, { ...input, status: 'active', createdAt: clock.now() });
        await db.wires.add(wire);
        return { wire, created: true };
      }),
    get: async (hash) => readRow('wires', WireRow, await db.wires.get(normalizeHash(hash))),
    list,
    active: async (filter) => {
      const read = await list(filter);
      const now = clock.now();
      return { rows: read.rows.filter((w) => wireStanding(w, now) === 'active'), corrupt: read.corrupt };
    },
    revoke: (hash) =>
      db.transaction('rw', db.wires, async () => {
        const wire = readRow('wires', WireRow, await db.wires.get(normalizeHash(hash)));
        if (wire === undefined || wire.status === 'revoked') return wire;
        const next = writeRow('wires', WireRow, { ...wire, status: 'revoked', revokedAt: clock.now() });
        await db.wires.put(next);
        return next;
      }),
  };
}
