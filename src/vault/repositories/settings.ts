import { z } from 'zod';
import { FittedCalibrationMap } from '../../protocol/calibration-map';
import { HomeError } from '../../protocol/errors';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { checkRow, readRows, writeRow, type CorruptRow } from '../rows';
import { Json, Millis } from '../values';

const HttpUrl = z
  .string()
  .max(500)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'an http(s) URL');
const ModelId = z.string().regex(/^[a-z0-9][a-z0-9.:_-]{0,99}$/i, 'a model id such as claude-sonnet-5');

/**
 * Every setting, with its type and its value when never set: the person's (options page) and the worker's own
 * bookkeeping. A key not listed here cannot be written, and a value of the wrong type is refused in words.
 */
export const SETTINGS = {
  /** payment.usdc.send is `high` risk above this amount (decimal USDC): a co-signer must approve (ontology setting). */
  'payments.highRiskAboveUsdc': {
    schema: z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'a USDC amount such as 25 or 2.50'),
    fallback: '25',
  },
  /** The person's own model key; null means model planning and HeartCoach consultations are unconfigured. */
  'model.apiKey': { schema: z.string().min(1).max(400).nullable(), fallback: null },
  /** null means the SDK's default Anthropic endpoint. */
  'model.baseUrl': { schema: HttpUrl.nullable(), fallback: null },
  /** The light tier: the skill judge, the plan-choice judge and the planner (short, structured answers). */
  'model.lightModel': { schema: ModelId, fallback: 'claude-haiku-4-5' },
  /** The composing tier: the answers the person reads (the grounded composer, instruction skills). */
  'model.composeModel': { schema: ModelId, fallback: 'claude-sonnet-5' },
  /** The skill judge's profile: 'fast' (one short answer) or 'thorough' (reasons over each option first; slower). */
  'model.judgeProfile': { schema: z.enum(['fast', 'thorough']), fallback: 'fast' },
  /** The skill judge's calibration map (`npm run calibrate`), used with a model: null means uncalibrated. */
  'model.calibration': { schema: FittedCalibrationMap.nullable(), fallback: null },
  /** How many asks each agent answers in a day (seed 001 step 0.5: a budget per agent); more are refused in words. */
  'budget.asksPerDay': { schema: z.number().int().min(1).max(100_000), fallback: 500 },
  'chain.mode': { schema: z.enum(['embedded', 'rpc']), fallback: 'embedded' },
  'chain.rpcUrl': { schema: HttpUrl.nullable(), fallback: null },
  'gateway.url': { schema: HttpUrl, fallback: 'http://127.0.0.1:8787' },
  'lock.autoLockMinutes': {
    schema: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
    fallback: 15,
  },
  /** Written by src/messaging/worker-start.ts at every worker start (proves a restart kept the vault). */
  'worker.startId': { schema: z.string().min(1).max(200).nullable(), fallback: null },
  'worker.starts': { schema: z.number().int().min(0), fallback: 0 },
} as const satisfies Record<string, { schema: z.ZodType; fallback: unknown }>;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTINGS)[K]['schema']>;
export type SettingsSnapshot = { [K in SettingKey]: SettingValue<K> };
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export const SettingRow = z.strictObject({
  key: z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]]),
  value: Json,
  updatedAt: Millis,
});
export type SettingRow = z.output<typeof SettingRow>;

/** A settings row whose value also has its key's type (what a health check and an import demand). */
export const TypedSettingRow = SettingRow.superRefine((row, ctx) => {
  const parsed = SETTINGS[row.key].schema.safeParse(row.value);
  if (!parsed.success)
    ctx.addIssue({
      code: 'custom',
      path: ['value'],
      message: parsed.error.issues[0]?.message ?? `not a valid ${row.key}`,
    });
});

export type SettingsRepository = {
  /** The value, or its fallback when never set; a damaged value is VAULT_ROW_CORRUPT naming the key. */
  get<K extends SettingKey>(key: K): Promise<SettingValue<K>>;
  set<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void>;
  /** Forgets a value, so the fallback applies again. */
  reset(key: SettingKey): Promise<void>;
  /** Every setting at once; damaged ones fall back and are reported. */
  all(): Promise<{ values: SettingsSnapshot; corrupt: CorruptRow[] }>;
};

function valueOf<K extends SettingKey>(
  key: K,
  raw: unknown,
): { ok: true; value: SettingValue<K> } | { ok: false; corrupt: CorruptRow } {
  const row = checkRow('settings', SettingRow, raw);
  if (!row.ok) return row;
  const parsed = SETTINGS[key].schema.safeParse(row.row.value);
  if (parsed.success) return { ok: true, value: parsed.data as SettingValue<K> };
  return {
    ok: false,
    corrupt: {
      table: 'settings',
      id: key,
      message: `The setting "${key}" is damaged (${parsed.error.issues[0]?.message ?? 'wrong type'}); its default applies.`,
    },
  };
}

export function createSettingsRepository(db: VaultDb, clock: VaultClock): SettingsRepository {
  return {
    get: async (key) => {
      const raw = await db.settings.get(key);
      if (raw === undefined) return SETTINGS[key].fallback as SettingValue<typeof key>;
      const read = valueOf(key, raw);
      if (read.ok) return read.value;
      throw new HomeError('VAULT_ROW_CORRUPT', read.corrupt.message, { details: { table: 'settings', id: key } });
    },
    set: async (key, value) => {
      const known = SETTINGS[key] as { schema: z.ZodType } | undefined;
      if (known === undefined)
        throw new HomeError('UNKNOWN_SETTING', `There is no setting called "${String(key).slice(0, 80)}".`);
      const parsed = known.schema.safeParse(value);
      if (!parsed.success)
        throw new HomeError(
          'VAULT_ROW_INVALID',
          `The setting "${key}" must be ${parsed.error.issues[0]?.message ?? 'of its type'}.`,
        );
      await db.settings.put(writeRow('settings', SettingRow, { key, value: parsed.data, updatedAt: clock.now() }));
    },
    reset: (key) => db.settings.delete(key),
    all: async () => {
      const raws = await db.settings.toArray();
      const { corrupt } = readRows('settings', SettingRow, raws);
      const values = Object.fromEntries(SETTING_KEYS.map((key) => [key, SETTINGS[key].fallback])) as Record<
        SettingKey,
        unknown
      >;
      for (const raw of raws) {
        const key = raw.key as SettingKey;
        if (!(key in SETTINGS)) continue;
        const read = valueOf(key, raw);
        if (read.ok) values[key] = read.value;
        else if (!corrupt.some((c) => c.id === key)) corrupt.push(read.corrupt);
      }
      return { values: values as SettingsSnapshot, corrupt };
    },
  };
}
