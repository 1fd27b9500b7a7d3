import { z } from 'zod';
import { AddressSchema, DigestSchema } from '../ask';
import { CoSignatureFile } from '../approval-exchange';
import { StepReceipt } from '../harness-reply';

/** Replies of the Home's channel (./home.ts), keyed by request type. */

const Text = (max = 300) => z.string().max(max);
const Millis = z.number().int().nonnegative();
const Counts = z.record(z.string().max(64), z.number().int().nonnegative());
const LIST = 500;

/**
 * Where the Home stands: `empty` (no key yet: onboarding), `backup` (a key exists but its backup is not confirmed:
 * the Home asks for that before anything else), `ready`.
 */
export const HomeStatus = z.strictObject({
  stage: z.enum(['empty', 'backup', 'ready']),
  unlocked: z.boolean(),
  person: z.strictObject({ address: AddressSchema, label: Text(200) }).nullable(),
  /** The owner key's EOA (not the identity: the Smart Agent is). */
  owner: AddressSchema.nullable(),
  /** The vault holds the demo identities (public test keys): never keep anything of value under them. */
  demo: z.boolean(),
  autoLockMinutes: z.number().int().positive(),
});
export type HomeStatus = z.infer<typeof HomeStatus>;

/** A sealed key backup to download: the keys stay encrypted under the passphrase inside it. */
export const KeyBackup = z.strictObject({ fileName: Text(120), text: z.string().max(16_000), status: HomeStatus });
export const Locked = z.strictObject({ locked: z.literal(true), cleared: z.number().int().nonnegative() });
export const DemoLoaded = z.strictObject({
  status: HomeStatus,
  agents: z.number().int(),
  records: z.number().int(),
  playbooks: z.number().int(),
});

export const SettingsView = z.strictObject({
  paymentsHighRiskAboveUsdc: Text(40),
  /** Whether a model key is set, and its last four characters; the key itself never leaves the background. */
  modelApiKey: z.strictObject({ set: z.boolean(), hint: Text(8).nullable() }),
  modelBaseUrl: Text(500).nullable(),
  lightModel: Text(100),
  composeModel: Text(100),
  judgeProfile: z.enum(['fast', 'thorough']),
  /** The imported calibration map, by its digest and what it was fitted on; it applies only with a model key. */
  calibration: z.strictObject({ digest: DigestSchema, alpha: z.number(), runs: z.number().int() }).nullable(),
  budgetAsksPerDay: z.number().int().positive(),
  chainMode: z.enum(['embedded', 'rpc']),
  chainRpcUrl: Text(500).nullable(),
  gatewayUrl: Text(500),
  autoLockMinutes: z.number().int().positive(),
  corrupt: z.array(Text(500)).max(20),
});
export type SettingsView = z.infer<typeof SettingsView>;

export const Playbook = z.strictObject({
  archetypeId: Text(200),
  version: Text(40),
  digest: DigestSchema,
  /** false: the pinned version or digest is not the ontology's current one, so the harness runs bare. */
  current: z.boolean(),
});
export const AgentView = z.strictObject({
  address: AddressSchema,
  kind: z.enum(['person', 'organization', 'harness']),
  label: Text(200),
  /** What tells it apart from a namesake (an organization record's detail), when the person keeps one. */
  detail: Text(500).optional(),
  playbook: Playbook.nullable(),
});
export const ArchetypeView = z.strictObject({
  id: Text(200),
  label: Text(200),
  version: Text(40),
  digest: DigestSchema,
  appliesTo: z.enum(['person', 'organization', 'heartcoach']),
  skills: z.number().int().nonnegative(),
});
export const AgentsView = z.strictObject({
  agents: z.array(AgentView).max(LIST),
  archetypes: z.array(ArchetypeView).max(LIST),
});
export type AgentsView = z.infer<typeof AgentsView>;

export const VaultSummary = z.strictObject({
  owners: z
    .array(z.strictObject({ address: AddressSchema, label: Text(200), detail: Text(500).optional(), counts: Counts }))
    .max(LIST),
  receipts: z.number().int().nonnegative(),
  runs: z.number().int().nonnegative(),
  corrupt: z.array(Text(500)).max(50),
});
export type VaultSummary = z.infer<typeof VaultSummary>;

/** A record as the vault browser lists it: a title in words and its fields. */
export const RecordView = z.strictObject({
  id: Text(256),
  type: Text(40),
  title: Text(300),
  fields: z.record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])),
  updatedAt: Millis,
});
export const RecordsView = z.strictObject({
  records: z.array(RecordView).max(LIST),
  corrupt: z.array(Text(500)).max(50),
});

export const ReceiptSummary = z.strictObject({
  id: Text(256),
  runRef: Text(256),
  stepRef: Text(256),
  toolId: Text(120),
  status: Text(40),
  presentedRef: Text(120),
  createdAt: Millis,
});
export const ReceiptsView = z.strictObject({
  receipts: z.array(ReceiptSummary).max(LIST),
  corrupt: z.array(Text(500)).max(50),
});
export const ReceiptView = z.strictObject({ receipt: StepReceipt });

/** A run the vault remembers: a suspended checkpoint, or a finished run known by its receipts and provenance. */
export const RunView = z.strictObject({
  runRef: Text(256),
  status: Text(40),
  addressee: AddressSchema.nullable(),
  updatedAt: Millis,
  expiresAt: Millis.nullable(),
  receipts: z.number().int().nonnegative(),
  hasProvenance: z.boolean(),
});
export const RunsView = z.strictObject({ runs: z.array(RunView).max(LIST) });
export const ProvenanceView = z.strictObject({
  fileName: Text(200),
  mediaType: Text(100),
  text: z.string().max(4 * 1024 * 1024),
});

export const GrantView = z.strictObject({
  hash: DigestSchema,
  kind: z.enum(['ask-as-me', 'cabinet-grant']),
  direction: z.enum(['given', 'received']),
  delegator: AddressSchema,
  delegate: AddressSchema,
  origin: Text(300),
  folders: z.array(Text(40)).max(8),
  expiresAt: Millis,
  standing: z.enum(['active', 'revoked', 'expired', 'not-yet-valid']),
});
export const GrantsView = z.strictObject({ grants: z.array(GrantView).max(LIST), corrupt: z.array(Text(500)).max(50) });

export const MandateView = z.strictObject({
  hash: DigestSchema,
  delegator: AddressSchema,
  delegate: AddressSchema,
  capability: Text(120),
  runRef: Text(256).nullable(),
  status: z.enum(['active', 'used', 'revoked']),
  uses: z.number().int().nonnegative(),
  maxUses: z.number().int().positive(),
  validUntil: Millis.nullable(),
  createdAt: Millis,
});
export const MandatesView = z.strictObject({
  mandates: z.array(MandateView).max(LIST),
  corrupt: z.array(Text(500)).max(50),
});
export const Revoked = z.strictObject({
  hash: DigestSchema,
  transactionHash: DigestSchema.nullable(),
  alreadyRevoked: z.boolean(),
});

export const VaultExportView = z.strictObject({
  fileName: Text(120),
  text: z.string().max(32 * 1024 * 1024),
  counts: Counts,
  corrupt: z.array(Text(500)).max(50),
});
export const ImportBegun = z.strictObject({ uploadId: Text(40), chunkChars: z.number().int().positive() });
export const ImportProgress = z.strictObject({
  received: z.number().int().nonnegative(),
  total: z.number().int().positive(),
});
export const ImportDone = z.strictObject({
  counts: Counts,
  migratedFrom: z.number().int().nullable(),
  status: HomeStatus,
});
export const ImportCancelled = z.strictObject({ cancelled: z.boolean() });

/** The reply schema of each Home request type, spread into EXTENSION_REPLIES. */
export const HOME_REPLIES = {
  'home.status': HomeStatus,
  'home.key.create': KeyBackup,
  'home.key.import': KeyBackup,
  'home.backup.get': KeyBackup,
  'home.backup.confirm': HomeStatus,
  'home.demo.load': DemoLoaded,
  'home.unlock': HomeStatus,
  'home.lock': Locked,
  'home.settings.get': SettingsView,
  'home.settings.set': SettingsView,
  'home.agents.list': AgentsView,
  'home.playbook.assign': AgentsView,
  'home.vault.summary': VaultSummary,
  'home.vault.records': RecordsView,
  'home.vault.receipts': ReceiptsView,
  'home.vault.receipt': ReceiptView,
  'home.vault.runs': RunsView,
  'home.vault.provenance': ProvenanceView,
  'home.vault.names': z.strictObject({ names: z.record(z.string().max(42), z.string().max(200)) }),
  'home.grants.list': GrantsView,
  'home.mandates.list': MandatesView,
  'home.revoke': Revoked,
  'home.approval.cosign': CoSignatureFile,
  'home.sidepanel.open': z.strictObject({ opened: z.boolean() }),
  'home.vault.export': VaultExportView,
  'home.vault.import.begin': ImportBegun,
  'home.vault.import.chunk': ImportProgress,
  'home.vault.import.commit': ImportDone,
  'home.vault.import.cancel': ImportCancelled,
} as const;
