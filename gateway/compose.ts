import { ARCHETYPES } from '../src/ontology/archetypes.generated';
import { createGatewayApp } from './app';
import type { SessionKey } from './auth/session-keys';
import { localIssuer, remoteIssuer, type BearerPolicy } from './auth/verify-bearer';
import { directoryRegistry, publishArchetypes } from './coach/archetypes';
import type { CoachDeps } from './coach/deps';
import { anthropicModel, type AnthropicModelOptions } from './coach/model';
import { MemberDesk } from './desk/member-desk';
import { DEFAULT_PGLITE_TEMPLATE, ensurePgliteTemplate } from './desk/pglite-template';
import { migrateDesk } from './desk/schema';
import { seedDemoDesk, type DemoDirectory } from './desk/seed-demo';
import { openPglite, openPostgres, type Sql } from './desk/sql';
import type { AssertionSigner, Clock, GrantVerifier, Ids, SiweVerifier } from './ports';
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
    | { kind: 'postgres'; url: string; schema?: string; dropOnClose?: boolean }
    /** A desk the caller already opened (tests); closed with the gateway. */
    | { kind: 'open'; sql: Sql };
  sessionKey: SessionKey;
  /** null: no model key — every consultation is 503 coach_unconfigured. */
  model: AnthropicModelOptions | null;
  /** The archetype registry directory; `publish` writes the ontology's definitions there at start. */
  registry: { dir: string; publish: boolean };
  clock: Clock;
  ids: Ids;
  wallet: { chainId: number; siwe: SiweVerifier; grants: GrantVerifier; service: AssertionSigner };
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

export type Gateway = { app: ReturnType<typeof createGatewayApp>; deps: CoachDeps; sql: Sql; close(): Promise<void> };

/** The composition root's work: open the desk, publish the archetypes, wire the ports, build the app. */
export async function composeGateway(options: GatewayOptions): Promise<Gateway> {
  const db = options.database;
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
            ...(db.dropOnClose === undefined ? {} : { dropOnClose: db.dropOnClose }),
          });
  await migrateDesk(sql);
  // A live gateway's demo is always day 3 of Alice's thirty; a fixed clock (tests, GATEWAY_CLOCK) keeps the seed's dates.
  if (options.demo !== null)
    await seedDemoDesk(sql, options.demo, options.liveDemoDates === true ? { now: options.clock.now() } : {});
  if (options.registry.publish) {
    const heartcoach = Object.values(ARCHETYPES).filter((a) => a.appliesTo === 'heartcoach');
    await publishArchetypes(options.registry.dir, heartcoach);
  }
  const bearer: BearerPolicy = {
    issuers: [localIssuer(options.origin, [options.sessionKey.publicJwk]), ...options.trustedIssuers.map(remoteIssuer)],
    audiences: [options.audience],
    clock: options.clock,
  };
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
      session: { issuer: options.origin, audience: options.audience, key: options.sessionKey, clock: options.clock },
      expect: { domain: url.host, scheme: url.protocol.replace(':', ''), chainId: options.wallet.chainId },
    },
    publicJwks: [options.sessionKey.publicJwk],
    origin: options.origin,
    wireOrigins: options.wireOrigins ?? [options.origin],
    version: options.version ?? '0.1.0',
    agent: { address: options.wallet.service.address, chainId: options.wallet.chainId },
    ...(options.web === undefined ? {} : { web: options.web }),
  });
  return { app, deps, sql, close: () => sql.close() };
}
