import { ARCHETYPES } from '../src/ontology/archetypes.generated';
import { createGatewayApp } from './app';
import { databaseKeyRing, type KeyRing, type KeyRingOptions } from './auth/key-ring';
import { resealSigningKeys, type ResealReport } from './auth/key-reseal';
import { nonceSeal } from './auth/nonces';
import { NONCE_TTL_SECONDS } from './auth/siwe-signin';
import { localIssuer, remoteIssuer, type BearerPolicy } from './auth/verify-bearer';
import { directoryRegistry, publishArchetypes } from './coach/archetypes';
import type { CoachDeps } from './coach/deps';
import { anthropicModel, type AnthropicModelOptions } from './coach/model';
import { MemberDesk } from './desk/member-desk';
import { DEFAULT_PGLITE_TEMPLATE, ensurePgliteTemplate } from './desk/pglite-template';
import { migrateDesk } from './desk/schema';
import { seedDemoDesk, type DemoDirectory } from './desk/seed-demo';
import { sessionIsLive } from './desk/sessions';
import { openPglite, openPostgres, type Sql } from './desk/sql';
import { DEFAULT_RATE_LIMITS, rateLimiter, type RateLimits } from './ops/rate-limit';
import { startSweeper } from './ops/sweep';
import type { Clock, Ids } from './ports';
import type { GatewayWallet } from './wallet/gateway-wallet';
import type { WebBundle } from './web/bundle';

/** Everything the gateway is made of, as configuration; gateway/main.ts reads it from the environment. */
export type GatewayOptions = {
  /** This gateway's origin: the card's URLs, the session issuer, the SIWE domain. */
  origin: string;
  audience: string;
  /** Other issuers whose session JWTs are trusted (their keys at <issuer>/.well-known/jwks.json). */
  trustedIssuers: readonly string[];
  database:
    | { kind: 'pglite'; dataDir: string; template?: string }
    | { kind: 'postgres'; url: string; schema?: string; max?: number; dropOnClose?: boolean }
    /** A desk the caller already opened (tests); closed with the gateway. */
    | { kind: 'open'; sql: Sql };
  /** The signing key ring's rotation (the keys themselves live in the database). */
  keyRing?: KeyRingOptions;
  /** Rate limits (per address, per subject), kept in the database; the defaults when absent. */
  rateLimits?: Partial<RateLimits>;
  /** How often the expiry sweep runs (default five minutes; 0: once, at start). */
  sweepIntervalMs?: number;
  /** null: no model key — every consultation is 503 coach_unconfigured. */
  model: AnthropicModelOptions | null;
  /** The archetype registry directory; `publish` writes the ontology's definitions there at start. */
  registry: { dir: string; publish: boolean };
  clock: Clock;
  ids: Ids;
  wallet: GatewayWallet;
  /** Seeds the demo desk (idempotent) when given. */
  demo: DemoDirectory | null;
  /** Shift the demo desk's dates to the clock's today (a live demo); tests keep the seed's own dates. */
  liveDemoDates?: boolean;
  /** Origins an ask-as-me wire may name (HeartCoach's page); defaults to `origin`. */
  wireOrigins?: readonly string[];
  version?: string;
  /** The HeartCoach page (gateway/web), built by the caller; absent: the API only. */
  web?: WebBundle;
};

export type Gateway = {
  app: ReturnType<typeof createGatewayApp>;
  deps: CoachDeps;
  sql: Sql;
  keys: KeyRing;
  /** What the start did to the signing keys: sealed again under the newest secret, or retired. */
  resealed: ResealReport;
  /** From now on /ready answers 503, so the balancer sends new requests elsewhere (SIGTERM). */
  drain(): void;
  close(): Promise<void>;
};

/** The composition root's work: open the desk, publish the archetypes, wire the ports, build the app. */
export async function composeGateway(options: GatewayOptions): Promise<Gateway> {
  const db = options.database;
  // Files, not the database: published while the desk opens.
  const publishing = options.registry.publish
    ? publishArchetypes(
        options.registry.dir,
        Object.values(ARCHETYPES).filter((a) => a.appliesTo === 'heartcoach'),
      )
    : Promise.resolve();
  const sql =
    db.kind === 'open'
      ? db.sql
      : db.kind === 'pglite'
        ? await openPglite({
            dataDir: db.dataDir,
            template: db.template ?? (await ensurePgliteTemplate(DEFAULT_PGLITE_TEMPLATE)),
          })
        : await openPostgres({
            url: db.url,
            ...(db.schema === undefined ? {} : { schema: db.schema }),
            ...(db.max === undefined ? {} : { max: db.max }),
            ...(db.dropOnClose === undefined ? {} : { dropOnClose: db.dropOnClose }),
          });
  await migrateDesk(sql);
  // A live gateway's demo is always day 3 of Alice's thirty; a fixed clock (tests, GATEWAY_CLOCK) keeps the seed's dates.
  if (options.demo !== null)
    await seedDemoDesk(sql, options.demo, options.liveDemoDates === true ? { now: options.clock.now() } : {});
  await publishing;
  // Keys sealed under an older secret are sealed again under the newest; a key no secret opens stops the start.
  const resealed = await resealSigningKeys(sql, options.clock, {
    secrets: options.keyRing?.secrets ?? null,
    retireUnopened: options.keyRing?.retireUnopened === true,
  }).catch(async (error: unknown) => {
    if (db.kind !== 'open') await sql.close();
    throw error;
  });
  const keys = databaseKeyRing(sql, options.clock, options.keyRing);
  await keys.signingKey(); // the ring has a key before the first request
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const limiter = rateLimiter(sql, options.clock);
  const liveSession = (sid: string, subject: string) =>
    sessionIsLive(sql, sid, subject, options.clock.now().toISOString());
  const bearer: BearerPolicy = {
    issuers: [localIssuer(options.origin, keys.getKey, liveSession), ...options.trustedIssuers.map(remoteIssuer)],
    audiences: [options.audience],
    clock: options.clock,
    admit: (subject) => limiter.hit(`subject:${subject.address}`, limits.perSubject, 'by this account'),
  };
  const sweeper = startSweeper(sql, options.clock, options.sweepIntervalMs ?? 5 * 60 * 1000);
  await sweeper.done;
  let draining = false;
  const deps: CoachDeps = {
    sql,
    clock: options.clock,
    ids: options.ids,
    bearer,
    model: options.model === null ? null : anthropicModel(options.model),
    archetypes: directoryRegistry({ dir: options.registry.dir, clock: options.clock }),
    grants: options.wallet.grants,
    desk: new MemberDesk(sql, options.wallet.grants),
    service: options.wallet.service,
  };
  const url = new URL(options.origin);
  const app = createGatewayApp({
    ...deps,
    signIn: {
      sql,
      ids: options.ids,
      siwe: options.wallet.siwe,
      session: { issuer: options.origin, audience: options.audience, keys, clock: options.clock },
      nonces: await nonceSeal(sql, NONCE_TTL_SECONDS),
      expect: { domain: url.host, scheme: url.protocol.replace(':', ''), chainId: options.wallet.chainId },
    },
    keys,
    limiter,
    limits,
    probes: {
      sql,
      chain: options.wallet.probe,
      model: deps.model === null ? 'unconfigured' : deps.model.model,
      draining: () => draining,
    },
    origin: options.origin,
    wireOrigins: options.wireOrigins ?? [options.origin],
    version: options.version ?? '0.1.0',
    agent: { address: options.wallet.service.address, chainId: options.wallet.chainId },
    ...(options.web === undefined ? {} : { web: options.web }),
  });
  return {
    app,
    deps,
    sql,
    keys,
    resealed,
    drain: () => void (draining = true),
    close: async () => {
      sweeper.stop();
      await sql.close();
    },
  };
}
