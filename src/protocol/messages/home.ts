import { z } from 'zod';
import { ApprovalRequestFile } from '../approval-exchange';
import { AddressSchema, DigestSchema } from '../ask';
import { FittedCalibrationMap } from '../calibration-map';

/**
 * The Home's channel (the options page, and the popup's lock button → background): onboarding, lock and unlock,
 * settings, agents and playbooks, the vault browser, grants and mandates with revocation, export and import.
 * Every request is a strict object; every string and list is capped. These are listed in ExtensionRequest and
 * EXTENSION_REPLIES (./messages.ts) by spreading HOME_REQUESTS and HOME_REPLIES. This file imports nothing from
 * ./messages.ts, so the two modules never wait on each other at load.
 */

export const HOME_LIMITS = {
  passphrase: 1024,
  /** A key backup file (two sealed keys as JSON) is about 2 kB. */
  backup: 16_000,
  /** One piece of an imported vault file; a message as a whole stays under MESSAGE_LIMITS.payloadBytes. */
  importChunk: 48_000,
  /** A whole vault file accepted by import (and produced by export). */
  vaultFile: 32 * 1024 * 1024,
  list: 500,
} as const;

/** A new passphrase: long enough to stretch into a key that resists guessing. */
export const NewPassphrase = z.string().min(10, 'a passphrase of at least 10 characters').max(HOME_LIMITS.passphrase);
/** A passphrase the person types to open something; its length was checked when it was chosen. */
export const Passphrase = z.string().min(1, 'your passphrase').max(HOME_LIMITS.passphrase);
const Label = z.string().trim().min(1, 'a name').max(120);
const RecordTypeName = z.string().regex(/^[a-z][a-z.]{0,39}$/, 'a record type such as contact or cabinet.readings');
const UploadId = z.string().regex(/^[a-f0-9-]{36}$/, 'an upload id');
const HttpUrl = z
  .string()
  .max(500)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'an http(s) URL');
const ModelId = z.string().regex(/^[a-z0-9][a-z0-9.:_-]{0,99}$/i, 'a model id such as claude-sonnet-5');
const UsdcAmount = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'a USDC amount such as 25 or 2.50');

const req = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...shape });

export const HomeStatusRequest = req('home.status', {});
export const HomeKeyCreateRequest = req('home.key.create', { name: Label, passphrase: NewPassphrase });
export const HomeKeyImportRequest = req('home.key.import', {
  name: Label,
  passphrase: NewPassphrase,
  privateKey: z.string().min(1).max(100),
});
export const HomeBackupGetRequest = req('home.backup.get', {});
export const HomeBackupConfirmRequest = req('home.backup.confirm', {
  backup: z.string().min(1).max(HOME_LIMITS.backup),
  passphrase: Passphrase,
});
export const HomeDemoLoadRequest = req('home.demo.load', { passphrase: NewPassphrase });
export const HomeUnlockRequest = req('home.unlock', { passphrase: Passphrase });
export const HomeLockRequest = req('home.lock', {});

/** The settings the person may change; each field optional, at least one present. */
export const SettingsPatch = z
  .strictObject({
    paymentsHighRiskAboveUsdc: UsdcAmount,
    modelApiKey: z.string().trim().min(1).max(400).nullable(),
    modelBaseUrl: HttpUrl.nullable(),
    /** The light tier: the skill judge, the plan-choice judge and the planner. */
    lightModel: ModelId,
    /** The composing tier: the composed answers and instruction skills. */
    composeModel: ModelId,
    judgeProfile: z.enum(['fast', 'thorough']),
    /** The judge's calibration map (a file `npm run calibrate` wrote, checked against its digest); null removes it. */
    calibration: FittedCalibrationMap.nullable(),
    /** How many asks each agent answers in a day before it refuses, in words, until the next. */
    budgetAsksPerDay: z.number().int().min(1).max(100_000),
    chainMode: z.enum(['embedded', 'rpc']),
    chainRpcUrl: HttpUrl.nullable(),
    gatewayUrl: HttpUrl,
    autoLockMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'at least one setting');
export type SettingsPatch = z.infer<typeof SettingsPatch>;
export const HomeSettingsGetRequest = req('home.settings.get', {});
export const HomeSettingsSetRequest = req('home.settings.set', { patch: SettingsPatch });

export const HomeAgentsRequest = req('home.agents.list', {});
export const HomePlaybookAssignRequest = req('home.playbook.assign', {
  agent: AddressSchema,
  archetypeId: z.string().min(1).max(200),
});

export const HomeVaultSummaryRequest = req('home.vault.summary', {});
export const HomeVaultRecordsRequest = req('home.vault.records', { recordType: RecordTypeName, owner: AddressSchema });
export const HomeReceiptsRequest = req('home.vault.receipts', { runRef: z.string().min(1).max(80).optional() });
export const HomeReceiptRequest = req('home.vault.receipt', { id: z.string().min(1).max(256) });
export const HomeRunsRequest = req('home.vault.runs', {});
export const HomeProvenanceRequest = req('home.vault.provenance', { runRef: z.string().min(1).max(80) });

/** Names this Home knows for addresses (its agents, the person's contacts and organizations): shown beside them, never trusted. */
export const HomeNamesRequest = req('home.vault.names', { addresses: z.array(AddressSchema).min(1).max(16) });

export const HomeGrantsRequest = req('home.grants.list', {});
export const HomeMandatesRequest = req('home.mandates.list', {});
export const HomeRevokeRequest = req('home.revoke', { kind: z.enum(['mandate', 'wire']), hash: DigestSchema });

/** Co-sign another person's approval request in this Home (the approver's side of DESIGN §3). */
export const HomeApprovalCosignRequest = req('home.approval.cosign', { request: ApprovalRequestFile });

/** The overlay's "Open the side panel" button: the background opens the panel for the sender's own tab. */
export const HomeSidePanelOpenRequest = req('home.sidepanel.open', {});

export const HomeExportRequest = req('home.vault.export', { passphrase: NewPassphrase });
export const HomeImportBeginRequest = req('home.vault.import.begin', {
  chars: z.number().int().positive().max(HOME_LIMITS.vaultFile),
});
export const HomeImportChunkRequest = req('home.vault.import.chunk', {
  uploadId: UploadId,
  index: z.number().int().nonnegative(),
  data: z.string().min(1).max(HOME_LIMITS.importChunk),
});
export const HomeImportCommitRequest = req('home.vault.import.commit', { uploadId: UploadId, passphrase: Passphrase });
export const HomeImportCancelRequest = req('home.vault.import.cancel', { uploadId: UploadId });

/** Every Home request, spread into ExtensionRequest. */
export const HOME_REQUESTS = [
  HomeStatusRequest,
  HomeKeyCreateRequest,
  HomeKeyImportRequest,
  HomeBackupGetRequest,
  HomeBackupConfirmRequest,
  HomeDemoLoadRequest,
  HomeUnlockRequest,
  HomeLockRequest,
  HomeSettingsGetRequest,
  HomeSettingsSetRequest,
  HomeAgentsRequest,
  HomePlaybookAssignRequest,
  HomeVaultSummaryRequest,
  HomeVaultRecordsRequest,
  HomeReceiptsRequest,
  HomeReceiptRequest,
  HomeRunsRequest,
  HomeProvenanceRequest,
  HomeNamesRequest,
  HomeGrantsRequest,
  HomeMandatesRequest,
  HomeRevokeRequest,
  HomeApprovalCosignRequest,
  HomeSidePanelOpenRequest,
  HomeExportRequest,
  HomeImportBeginRequest,
  HomeImportChunkRequest,
  HomeImportCommitRequest,
  HomeImportCancelRequest,
] as const;

export { HOME_REPLIES } from './home-replies';
