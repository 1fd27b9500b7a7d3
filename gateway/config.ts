import { join } from 'node:path';
import { z } from 'zod';
import { describeZodError } from '../src/protocol/errors';

/**
 * The gateway's configuration from the environment (checked, in words). 127.0.0.1 only; the port from PORT; PGlite
 * under .data/ unless DATABASE_URL names a PostgreSQL; no ANTHROPIC_API_KEY means HeartCoach is unconfigured (503),
 * never a canned answer; ANTHROPIC_BASE_URL is honoured.
 */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  GATEWAY_ORIGIN: z.string().url().optional(),
  GATEWAY_AUDIENCE: z.string().min(1).default('heartcoach'),
  TRUSTED_ISSUERS: z.string().default(''),
  WIRE_ORIGINS: z.string().default(''),
  DATABASE_URL: z.string().optional(),
  DESK_DATA_DIR: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: z.string().url().optional(),
  COACH_MODEL: z.string().optional(),
  RPC_URL: z.string().url().optional(),
  SESSION_KEY_FILE: z.string().optional(),
  GATEWAY_CHAIN_FILE: z.string().optional(),
  ARCHETYPE_REGISTRY_DIR: z.string().optional(),
  /** Publish the ontology's definitions into ARCHETYPE_REGISTRY_DIR at start (a private registry: tests, demos). */
  ARCHETYPE_REGISTRY_PUBLISH: z.enum(['0', '1']).optional(),
  GATEWAY_CLOCK: z.string().datetime({ offset: true }).optional(),
  DEMO_SEED: z.enum(['0', '1']).default('1'),
});

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
  const origin = e.GATEWAY_ORIGIN ?? `http://127.0.0.1:${e.PORT}`;
  return {
    port: e.PORT,
    origin,
    audience: e.GATEWAY_AUDIENCE,
    trustedIssuers: list(e.TRUSTED_ISSUERS),
    wireOrigins: list(e.WIRE_ORIGINS).length > 0 ? list(e.WIRE_ORIGINS) : [origin],
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
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
    sessionKeyFile: e.SESSION_KEY_FILE ?? join(data, 'gateway-session-key.json'),
    registry: e.ARCHETYPE_REGISTRY_DIR
      ? { dir: e.ARCHETYPE_REGISTRY_DIR, publish: e.ARCHETYPE_REGISTRY_PUBLISH === '1' }
      : { dir: join(data, 'archetype-registry'), publish: true },
    fixedClock: e.GATEWAY_CLOCK,
    demoSeed: e.DEMO_SEED === '1',
  };
}
