import { z } from 'zod';
import { Id, Label, Millis } from '../values';

/**
 * The six cabinet folders of seed 000 (profile, readings, doses, symptoms, prefs, guidance). Each item is one
 * record whose type is `cabinet.<folder>`, so a cabinet grant naming folders maps to record types one to one.
 */
export const CABINET_FOLDERS = ['profile', 'readings', 'doses', 'symptoms', 'prefs', 'guidance'] as const;
export const CabinetFolder = z.enum(CABINET_FOLDERS);
export type CabinetFolder = z.infer<typeof CabinetFolder>;

/** Where a reading or a tick came from: the person, a device, or the chart (seed 000 step 6). */
export const Source = z.enum(['you', 'device', 'chart']);

export const MedicationOrder = z.strictObject({
  orderId: Id,
  drug: z.string().min(1).max(120),
  dose: z.string().min(1).max(60),
  route: z.string().min(1).max(30),
  frequency: z.string().min(1).max(60),
  /** Words the person may use for it ("water pill"), lower-cased; matched exactly, never guessed. */
  aliases: z.array(z.string().min(1).max(60).transform((a) => a.toLowerCase())).max(10),
  active: z.boolean(),
  purpose: z.string().max(200).optional(),
});

export const Lab = z.strictObject({
  id: Id,
  name: z.string().min(1).max(80),
  value: z.number(),
  unit: z.string().max(20),
  at: Millis,
  flag: z.enum(['low', 'normal', 'high']).optional(),
});

export const CabinetProfile = z.strictObject({
  patientName: Label,
  mirroredFrom: z.strictObject({ system: z.string().min(1).max(60), at: Millis }),
  diagnoses: z.array(z.string().min(1).max(80)).max(30),
  orders: z.array(MedicationOrder).max(60),
  allergies: z.array(z.strictObject({ substance: z.string().min(1).max(80), reaction: z.string().max(200) })).max(30),
  carePlan: z.array(z.string().min(1).max(400)).max(30),
  goals: z.array(z.strictObject({ metric: z.string().min(1).max(40), target: z.string().min(1).max(80), text: z.string().max(300) })).max(20),
  labs: z.array(Lab).max(100),
});

const readingBase = { at: Millis, source: Source };
export const CabinetReading = z.discriminatedUnion('metric', [
  z.strictObject({ metric: z.literal('bp'), systolic: z.number().int().min(40).max(300), diastolic: z.number().int().min(20).max(200), ...readingBase }),
  z.strictObject({ metric: z.literal('weight'), value: z.number().positive().max(1000), unit: z.enum(['lb', 'kg']), ...readingBase }),
  z.strictObject({ metric: z.literal('pulse'), bpm: z.number().int().min(20).max(300), ...readingBase }),
  z.strictObject({ metric: z.literal('steps'), count: z.number().int().min(0).max(200_000), ...readingBase }),
]);

/** A dose ticked (or missed) against an order in the profile. */
export const CabinetDose = z.strictObject({
  orderId: Id,
  at: Millis,
  status: z.enum(['taken', 'missed', 'skipped']),
  source: Source,
  note: z.string().max(500).optional(),
});

export const CabinetSymptom = z.strictObject({
  symptom: z.string().min(1).max(80),
  severity: z.enum(['mild', 'moderate', 'severe']),
  note: z.string().max(1000),
  at: Millis,
  source: Source,
});

export const CabinetPrefs = z.strictObject({
  checkIns: z.strictObject({ enabled: z.boolean(), at: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time HH:MM') }),
  units: z.strictObject({ weight: z.enum(['lb', 'kg']) }),
  timeZone: z.string().min(1).max(60),
});

/** A CoachInsight (heartcoach.guidance): the one record the coach writes, filed by the person's agent. */
export const CabinetGuidance = z.strictObject({
  kind: z.enum(['question', 'check-in', 'symptom']),
  question: z.string().max(2000),
  say: z.string().min(1).max(1200),
  because: z.string().max(1200),
  escalationTier: z.enum(['self-care', 'tell-care-team', 'flag-urgent', 'call-emergency']),
  theme: z.string().max(60).optional(),
  stillToDo: z.array(z.enum(['bp', 'weight', 'steps', 'doses'])).max(4),
  builtFrom: z.array(Id).max(100),
  acted: z.array(z.strictObject({ tool: z.string().min(1).max(80), summary: z.string().max(400), storedIn: z.string().max(300).optional() })).max(10),
  archetypes: z.array(z.strictObject({ id: z.string().min(1).max(200), version: z.string().max(40), digest: z.string().max(80) })).max(10),
  under: z.array(z.string().max(200)).max(20),
  at: Millis,
});
