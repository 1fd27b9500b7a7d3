import { join } from 'node:path';
import { z } from 'zod';
import { describeZodError } from '../src/protocol/errors';
import { SigningSecrets, type SigningSecretSource } from './auth/signing-secrets';

/**
 * The gateway's configuration from the environment (checked, in words; README lists every variable). HOST and PORT
 * (loopback unless told); PGlite under .data/ unless DATABASE_URL names a PostgreSQL; no ANTHROPIC_API_KEY means
 * HeartCoach is unconfigured (503), never a canned answer. HeartCoach's service key comes from
 * HEARTCOACH_SERVICE_KEY or HEARTCOACH_SERVICE_KEY_FILE; the public demo key only with GATEWAY_DEMO=1. The demo desk
 * is seeded only with DEMO_SEED=1. On PostgreSQL the signing keys are sealed under SIGNING_KEYS_SECRET (or
 * SIGNING_KEYS_SECRET_FILE), required there unless GATEWAY_DEMO=1: newest first, comma-separated while the secret is
 * rotated; SIGNING_KEYS_RETIRE=1 retires, at start, the keys none of them opens (gateway/auth/key-reseal.ts).
 */
const Flag = z.enum(['0', '1']);
const PerMinute = z.coerce.number().int().min(0).max(1_000_000).optional();
const Env = z.object({
  HOST: z.string().min(1).max(255).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  GATEWAY_ORIGIN: z.string().url().optional(),
  GATEWAY_AUDIENCE: z.string().min(1).default('heartcoach'),
  TRUSTED_ISSUERS: z.string().default(''),
  WIRE_ORIGINS: z.string().default(''),
  DATABASE_URL: z.string().optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a plain schema name')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  DESK_DATA_DIR: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: z.string().url().optional(),
  COACH_MODEL: z.string().optional(),
  RPC_URL: z.string().url().optional(),
  HEARTCOACH_SERVICE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'a 0x-prefixed 32-byte hex private key')
    .optional(),
  HEARTCOACH_SERVICE_KEY_FILE: z.string().optional(),
  GATEWAY_DEMO: Flag.default('0'),
  SIGNING_KEYS_SECRET: SigningSecrets.optional(),
  SIGNING_KEYS_SECRET_FILE: z.string().optional(),
  SIGNING_KEYS_RETIRE: Flag.default('0'),
  SIGNING_KEY_ROTATE_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 90)
    .optional(),
  RATE_LIMIT_PER_ADDRESS: PerMinute,
  RATE_LIMIT_SIGN_IN: PerMinute,
  RATE_LIMIT_PER_SUBJECT: PerMinute,
  TRUST_PROXY: Flag.default('0'),
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  WEB_DIR: z.string().optional(),
  /** 0: the API only, no page (tests that start processes, an API-only deployment). */
  GATEWAY_PAGE: Flag.default('1'),
  DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  GATEWAY_CHAIN_FILE: z.string().optional(),
  ARCHETYPE_REGISTRY_DIR: z.string().optional(),
  /** Publish the ontology's definitions into ARCHETYPE_REGISTRY_DIR at start (a private registry: tests, demos). */
  ARCHETYPE_REGISTRY_PUBLISH: Flag.optional(),
  GATEWAY_CLOCK: z.string().datetime({ offset: true }).optional(),
  DEMO_SEED: Flag.default('0'),
});

/** Every variable the configuration reads (README's table lists each, with its default). */
export const ENV_VARIABLES: readonly string[] = Object.keys(Env.shape);

export type GatewayConfig = ReturnType<typeof readConfig>;

const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

export function readConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()) {
  const parsed = Env.safeParse(env);
  if (!parsed.success) throw new Error(`The gateway's configuration was refused — ${describeZodError(parsed.error)}`);
  const e = parsed.data;
  const data = join(cwd, '.data');
  const origin = e.GATEWAY_ORIGIN ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`;
  const demo = e.GATEWAY_DEMO === '1';
  if (e.HEARTCOACH_SERVICE_KEY !== undefined && e.HEARTCOACH_SERVICE_KEY_FILE !== undefined)
    throw new Error(
      "The gateway's configuration was refused — set HEARTCOACH_SERVICE_KEY or HEARTCOACH_SERVICE_KEY_FILE, not both.",
    );
  const serviceKey =
    e.HEARTCOACH_SERVICE_KEY !== undefined
      ? ({ kind: 'key', key: e.HEARTCOACH_SERVICE_KEY as `0x${string}` } as const)
      : e.HEARTCOACH_SERVICE_KEY_FILE !== undefined
        ? ({ kind: 'file', path: e.HEARTCOACH_SERVICE_KEY_FILE } as const)
        : demo
          ? ({ kind: 'demo' } as const)
          : null;
  if (serviceKey === null)
    throw new Error(
      "The gateway's configuration was refused — HeartCoach's service key is not set: set HEARTCOACH_SERVICE_KEY " +
        '(0x and 64 hex digits) or HEARTCOACH_SERVICE_KEY_FILE, or GATEWAY_DEMO=1 to run with the public demo key.',
    );
  if (e.SIGNING_KEYS_SECRET !== undefined && e.SIGNING_KEYS_SECRET_FILE !== undefined)
    throw new Error(
      "The gateway's configuration was refused — set SIGNING_KEYS_SECRET or SIGNING_KEYS_SECRET_FILE, not both.",
    );
  const signingSecrets: SigningSecretSource =
    e.SIGNING_KEYS_SECRET !== undefined
      ? { kind: 'secrets', secrets: e.SIGNING_KEYS_SECRET }
      : e.SIGNING_KEYS_SECRET_FILE !== undefined
        ? { kind: 'file', path: e.SIGNING_KEYS_SECRET_FILE }
        : null;
  if (signingSecrets === null && e.DATABASE_URL && !demo)
    throw new Error(
      "The gateway's configuration was refused — on PostgreSQL the signing keys are sealed at rest: set " +
        'SIGNING_KEYS_SECRET (32 characters or more, e.g. openssl rand -hex 32) or SIGNING_KEYS_SECRET_FILE, the same ' +
        'on every instance, or GATEWAY_DEMO=1 to keep them unsealed.',
    );
  return {
    host: e.HOST,
    port: e.PORT,
    origin,
    audience: e.GATEWAY_AUDIENCE,
    trustedIssuers: list(e.TRUSTED_ISSUERS),
    wireOrigins: list(e.WIRE_ORIGINS).length > 0 ? list(e.WIRE_ORIGINS) : [origin],
    database: e.DATABASE_URL
      ? ({
          kind: 'postgres',
          url: e.DATABASE_URL,
          ...(e.DATABASE_SCHEMA === undefined ? {} : { schema: e.DATABASE_SCHEMA }),
          ...(e.DATABASE_POOL_SIZE === undefined ? {} : { max: e.DATABASE_POOL_SIZE }),
        } as const)
      : ({ kind: 'pglite', dataDir: e.DESK_DATA_DIR ?? join(data, 'desk') } as const),
    model: e.ANTHROPIC_API_KEY
      ? {
          apiKey: e.ANTHROPIC_API_KEY,
          ...(e.ANTHROPIC_BASE_URL ? { baseURL: e.ANTHROPIC_BASE_URL } : {}),
          ...(e.COACH_MODEL ? { model: e.COACH_MODEL } : {}),
        }
      : null,
    rpcUrl: e.RPC_URL,
    chainStateFile: e.GATEWAY_CHAIN_FILE ?? join(data, 'gateway-chain.bin'),
    serviceKey,
    demo,
    keyRing: {
      ...(e.SIGNING_KEY_ROTATE_HOURS === undefined ? {} : { rotateAfterSeconds: e.SIGNING_KEY_ROTATE_HOURS * 3600 }),
      retireUnopened: e.SIGNING_KEYS_RETIRE === '1',
    },
    signingSecrets,
    rateLimits: {
      trustProxy: e.TRUST_PROXY === '1',
      ...(e.RATE_LIMIT_PER_ADDRESS === undefined ? {} : { perAddress: e.RATE_LIMIT_PER_ADDRESS }),
      ...(e.RATE_LIMIT_SIGN_IN === undefined ? {} : { signInPerAddress: e.RATE_LIMIT_SIGN_IN }),
      ...(e.RATE_LIMIT_PER_SUBJECT === undefined ? {} : { perSubject: e.RATE_LIMIT_PER_SUBJECT }),
    },
    sweepIntervalMs: (e.SWEEP_INTERVAL_SECONDS ?? 300) * 1000,
    drainMs: e.DRAIN_SECONDS * 1000,
    webDir: e.GATEWAY_PAGE === '0' ? null : (e.WEB_DIR ?? join(cwd, '.output', 'gateway-web')),
    registry: e.ARCHETYPE_REGISTRY_DIR
      ? { dir: e.ARCHETYPE_REGISTRY_DIR, publish: e.ARCHETYPE_REGISTRY_PUBLISH === '1' }
      : { dir: join(data, 'archetype-registry'), publish: true },
    fixedClock: e.GATEWAY_CLOCK,
    demoSeed: e.DEMO_SEED === '1',
  };
}
