import { z } from 'zod';
import { AddressSchema, DigestSchema } from '../ask';
import { CabinetFolder, WireReadKind } from '../delegation';
import { WireError } from '../errors';

/**
 * The extension's own messages for connecting apps: the consent window reads one request by its id and
 * the person decides it there (an approval is resolved by its id, never by a broadcast); the options page reads the
 * connection and changes it — withdraws folders (a new grant), or disconnects (the grant revoked on chain). Extension
 * pages only. Listed in ExtensionRequest and EXTENSION_REPLIES (./messages.ts).
 */
const ConsentId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a consent id');
const Origin = z
  .string()
  .max(512)
  .regex(/^[a-z][a-z0-9+.-]*:\/\/[^/\s?#]+$/, 'an origin');
const req = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...shape });

export const AppAgentView = z.strictObject({
  name: z.string().max(120),
  address: AddressSchema,
  cardDigest: DigestSchema,
  chainId: z.number().int().positive(),
});

/** One request waiting for the person in the consent window: what they would sign, in full. */
export const ConsentView = z.strictObject({
  id: ConsentId,
  kind: z.enum(['connect', 'grant']),
  origin: Origin,
  createdAt: z.number().int().nonnegative(),
  agent: AppAgentView,
  /** The card's digest differs from the one pinned when the person last connected this origin. */
  cardChanged: z.boolean(),
  person: z.strictObject({ address: AddressSchema, name: z.string().max(200) }),
  /** connect: the page signs in as the person; `folders` when it also asks to connect the agent. */
  signIn: z.strictObject({ domain: z.string().max(300), statement: z.string().max(300) }).nullable(),
  folders: z
    .strictObject({ requested: z.array(CabinetFolder).max(6), granted: z.array(CabinetFolder).max(6) })
    .nullable(),
  /** grant: an ask-as-me wire — it may ask as the person, never act; until `expiresAt`. */
  wire: z
    .strictObject({
      capability: z.literal('harness.ask'),
      mayAsk: z.literal(true),
      mayAct: z.literal(false),
      expiresAt: z.string().datetime(),
      /**
       * What it may have answered, signed inside the wire: `folders` (those of its cabinet grant, ticked by default)
       * and `kinds` offered unticked (memory, contacts, receipts, organizations, the balance).
       */
      read: z.strictObject({
        folders: z.array(CabinetFolder).max(6),
        kinds: z.array(WireReadKind).max(5),
      }),
    })
    .nullable(),
  locked: z.boolean(),
});
export type ConsentView = z.infer<typeof ConsentView>;

export const ConsentGetRequest = req('consent.get', { id: ConsentId });
export const ConsentDecideRequest = req('consent.decide', {
  id: ConsentId,
  approve: z.boolean(),
  folders: z.array(CabinetFolder).max(6).optional(),
  /** An ask-as-me grant: the kinds of records ticked beyond the folders. */
  kinds: z.array(WireReadKind).max(5).optional(),
  reason: z.string().max(300).optional(),
});
export const ConsentOutcome = z.strictObject({
  ok: z.boolean(),
  summary: z.string().max(1000),
  error: WireError.optional(),
});

/** The connection as the options page shows it. */
export const AppConnectionView = z.strictObject({
  origin: Origin,
  agent: AppAgentView,
  connectedAt: z.number().int().nonnegative(),
  session: z
    .strictObject({ subject: AddressSchema, accessExpiresAt: z.number().int(), refreshExpiresAt: z.number().int() })
    .nullable(),
  grant: z
    .strictObject({ hash: DigestSchema, folders: z.array(CabinetFolder).max(6), expiresAt: z.number().int() })
    .nullable(),
});
export type AppConnectionView = z.infer<typeof AppConnectionView>;
export const AppsListRequest = req('apps.list', {});
export const AppsListReply = z.strictObject({ apps: z.array(AppConnectionView).max(20) });
/** Connect from the options page: the consent window shows the app at `origin` (the person's gateway setting). */
export const AppConnectRequest = req('apps.connect', { origin: Origin });
/** Withdraw (or add) folders: a new grant for exactly these; the old one is revoked on chain. Empty = no folders. */
export const AppFoldersRequest = req('apps.folders', { origin: Origin, folders: z.array(CabinetFolder).max(6) });
/** Disconnect: the grant revoked on chain, the session ended at the app, the connection forgotten. */
export const AppDisconnectRequest = req('apps.disconnect', { origin: Origin });

/** A care-team member's demo Home (Dr. Dave, Dr. Priya), loaded only into an empty Home. */
export const ClinicianDemoRequest = req('demo.clinician.load', {
  identity: z.enum(['dave', 'priya']),
  passphrase: z.string().min(10).max(1000),
});
export const ClinicianDemoReply = z.strictObject({
  address: AddressSchema,
  name: z.string().max(200),
  roles: z.array(z.string().max(60)).max(8),
});

export const APP_REQUESTS = [
  ConsentGetRequest,
  ConsentDecideRequest,
  AppsListRequest,
  AppConnectRequest,
  AppFoldersRequest,
  AppDisconnectRequest,
  ClinicianDemoRequest,
] as const;
export const APP_REPLIES = {
  'consent.get': ConsentView,
  'consent.decide': ConsentOutcome,
  'apps.list': AppsListReply,
  'apps.connect': AppConnectionView,
  'apps.folders': AppConnectionView,
  'apps.disconnect': z.strictObject({ origin: Origin, revoked: z.boolean() }),
  'demo.clinician.load': ClinicianDemoReply,
} as const;
