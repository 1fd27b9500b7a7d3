import { z } from 'zod';
import { Address, Id, Millis } from '../values';
import {
  CabinetDose,
  CabinetGuidance,
  CabinetProfile,
  CabinetPrefs,
  CabinetReading,
  CabinetSymptom,
  type CabinetFolder,
} from './cabinet';
import { ContactData, DefaultPayerData, MembershipData, MemoryData, OrganizationData, PreferenceData } from './people';

const envelope = { id: Id, owner: Address, createdAt: Millis, updatedAt: Millis };
const row = <T extends string, S extends z.ZodType>(type: T, data: S) =>
  z.strictObject({ type: z.literal(type), data, ...envelope });

/**
 * A row of the `records` table: one of the person's records, typed by `type` and owned by `owner` (the agent whose
 * record it is: the person's own Smart Agent, or an organization's they steward). Queried by [type+owner].
 */
export const VaultRecord = z.discriminatedUnion('type', [
  row('contact', ContactData),
  row('organization', OrganizationData),
  row('membership', MembershipData),
  row('memory', MemoryData),
  row('preference', PreferenceData),
  row('payer.default', DefaultPayerData),
  row('cabinet.profile', CabinetProfile),
  row('cabinet.readings', CabinetReading),
  row('cabinet.doses', CabinetDose),
  row('cabinet.symptoms', CabinetSymptom),
  row('cabinet.prefs', CabinetPrefs),
  row('cabinet.guidance', CabinetGuidance),
]);
export type VaultRecord = z.output<typeof VaultRecord>;
export type RecordType = VaultRecord['type'];
export type RecordOf<T extends RecordType> = Extract<VaultRecord, { type: T }>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a caller writes: the repository stamps the times (createdAt may be given, e.g. for imported history). */
export type RecordInput = DistributiveOmit<z.input<typeof VaultRecord>, 'createdAt' | 'updatedAt'> & {
  createdAt?: number;
};
export type RecordInputOf<T extends RecordType> = Extract<RecordInput, { type: T }>;

export const RECORD_TYPES = VaultRecord.options.map((option) => option.shape.type.value) as readonly RecordType[];

/** The record type that holds a cabinet folder's items. */
export const cabinetType = (folder: CabinetFolder) => `cabinet.${folder}` as const;
