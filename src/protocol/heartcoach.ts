import { z } from 'zod';
import { AddressSchema, AskAsMeCredential, AskSurface } from './ask';

/**
 * HeartCoach on the wire (seed 000, DESIGN §10), shared by the gateway and the extension:
 * - the consultation data part the person's agent sends beside the question — `{ cabinet, grant, kind }`: exactly the
 *   cabinet folders the person granted HeartCoach, the signed cabinet grant the gateway verifies, and the kind;
 * - the answer shape of seed 000 step 12, returned as the one data part of the agent's message.
 * Every object is strict and capped: this is a trust boundary in both directions.
 */

const Id = z.string().min(1).max(128);
const Iso = z.string().datetime({ offset: true });
const Address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an 0x address');
const Words = (max: number) => z.string().max(max);

/** The consultation kinds a patient's skill carries (the opening line the model sees; filed on the insight). */
export const PatientConsultationKind = z.enum(['question', 'check-in', 'symptom']);
export type PatientConsultationKind = z.infer<typeof PatientConsultationKind>;
export const ConsultationKind = z.enum(['question', 'check-in', 'symptom', 'care-team']);
export type ConsultationKind = z.infer<typeof ConsultationKind>;

/** The metrics a person logs; `stillToDo` names a subset of them. */
export const ReadingMetric = z.enum(['bp', 'weight', 'steps', 'pulse']);
export type ReadingMetric = z.infer<typeof ReadingMetric>;
export const StillToDo = z.enum(['bp', 'weight', 'steps', 'doses']);
export type StillToDo = z.infer<typeof StillToDo>;

export const Reading = z.strictObject({
  id: Id,
  metric: ReadingMetric,
  /** bp as "128/82"; the others as a number in `unit`. */
  value: z.union([z.number().finite(), z.string().regex(/^\d{2,3}\/\d{2,3}$/)]),
  unit: Words(16),
  at: Iso,
  source: z.enum(['you', 'device', 'chart']),
});
export type Reading = z.infer<typeof Reading>;

export const Order = z.strictObject({
  orderId: Id,
  drug: Words(80).min(1),
  dose: Words(80),
  schedule: Words(120),
  /** What the chart or the person calls it ("water pill", "Lasix"): how a dose in plain words finds its order. */
  aliases: z.array(Words(80)).max(12),
  active: z.boolean(),
});
export type Order = z.infer<typeof Order>;

export const Profile = z.strictObject({
  name: Words(120).min(1),
  mirroredFrom: Words(120).optional(),
  mirroredAt: Iso.optional(),
  diagnoses: z.array(Words(120)).max(30),
  orders: z.array(Order).max(60),
  allergies: z.array(Words(120)).max(30),
  carePlan: Words(2000),
  goals: z.strictObject({ steps: z.number().int().positive().optional(), weightKg: z.number().positive().optional() }),
  labs: z.array(z.strictObject({ name: Words(60), value: Words(40), unit: Words(20), at: Iso })).max(60),
});
export type Profile = z.infer<typeof Profile>;

export const Dose = z.strictObject({ id: Id, orderId: Id, drug: Words(80), at: Iso, taken: z.boolean() });
export type Dose = z.infer<typeof Dose>;
export const Symptom = z.strictObject({ id: Id, text: Words(500), at: Iso, tier: Words(32).optional() });
export type Symptom = z.infer<typeof Symptom>;
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const Prefs = z.strictObject({
  checkIns: z.boolean(),
  checkInAt: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .optional(),
  /** The person's IANA time zone ("Europe/London"): what "today" means for their doses and readings. */
  timeZone: z.string().max(64).refine(isTimeZone, 'an IANA time zone such as Europe/London').optional(),
});
export type Prefs = z.infer<typeof Prefs>;
export const EarlierInsight = z.strictObject({
  id: Id,
  at: Iso,
  question: Words(2000),
  say: Words(1200),
  tier: Words(32),
  theme: Words(40).optional(),
});

/** The six cabinet folders; each is present only when the person granted it. */
export const Cabinet = z.strictObject({
  profile: Profile.optional(),
  readings: z.array(Reading).max(2000).optional(),
  doses: z.array(Dose).max(2000).optional(),
  symptoms: z.array(Symptom).max(500).optional(),
  prefs: Prefs.optional(),
  guidance: z.array(EarlierInsight).max(200).optional(),
});
export type Cabinet = z.infer<typeof Cabinet>;
export type CabinetFolder = keyof Cabinet;

/**
 * The signed cabinet grant as the wallet serialises it (a delegation to HeartCoach's agent naming the folders). Its
 * inner shape is the wallet's to check (it verifies the signature and revocation); here it is only capped.
 */
export const CabinetGrantWire = z
  .record(z.string().max(64), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 16_384, 'the grant is larger than 16 kB');

/** The data part of a HeartCoach consultation. */
export const ConsultationPart = z.strictObject({
  cabinet: Cabinet,
  grant: CabinetGrantWire,
  kind: PatientConsultationKind,
});
export type ConsultationPart = z.infer<typeof ConsultationPart>;

/** One act the coach took or was refused: one ✓ or ✕ line on the sheet. */
export const Acted = z.strictObject({
  tool: Words(64),
  ok: z.boolean(),
  summary: Words(600),
  storedIn: Words(200).optional(),
  /** On a ✕ line: the gate's code and the status it stands for (e.g. not_entitled, 403). */
  refusal: z.strictObject({ code: Words(64), status: z.number().int() }).optional(),
});
export type Acted = z.infer<typeof Acted>;

/** A record the coach proposes for the person's agent to file (DESIGN §10: the gateway files nothing of theirs). */
export const Proposed = z.discriminatedUnion('folder', [
  z.strictObject({ folder: z.literal('readings'), record: Reading, observation: z.literal('accepted') }),
  z.strictObject({ folder: z.literal('doses'), record: Dose, observation: z.literal('accepted') }),
  z.strictObject({ folder: z.literal('symptoms'), record: Symptom, observation: z.literal('accepted') }),
]);
export type Proposed = z.infer<typeof Proposed>;

export const ArchetypeRef = z.strictObject({
  id: Words(160),
  version: Words(40),
  digest: z.string().regex(/^0x[0-9a-f]{64}$/),
});
export type ArchetypeRef = z.infer<typeof ArchetypeRef>;

/** The one record the coach ever writes, returned for the person's agent to file (heartcoach.guidance). */
export const CoachInsight = z.strictObject({
  id: Id,
  type: z.literal('heartcoach.guidance'),
  at: Iso,
  consultationKind: PatientConsultationKind,
  question: Words(2000),
  say: Words(1200),
  because: Words(1200),
  tier: Words(32),
  theme: Words(40).optional(),
  stillToDo: z.array(StillToDo),
  acted: z.array(Acted),
  builtFrom: z.array(Id),
  archetypes: z.array(ArchetypeRef),
  under: z.array(Words(200)),
});
export type CoachInsight = z.infer<typeof CoachInsight>;

/** The answer of seed 000 step 12. `about` only for the care team; `insight` null for the care team. */
export const CoachAnswer = z.strictObject({
  kind: z.literal('answer'),
  consultationKind: ConsultationKind,
  about: z
    .strictObject({
      patient: Address,
      patientName: Words(120),
      roles: z.array(Words(40)),
      capabilities: z.array(Words(60)),
    })
    .optional(),
  say: Words(1200).min(1),
  because: Words(1200),
  escalationTier: z.enum(['self-care', 'tell-care-team', 'flag-urgent', 'call-emergency']),
  theme: Words(40).optional(),
  stillToDo: z.array(StillToDo),
  builtFrom: z.array(Id),
  acted: z.array(Acted),
  proposed: z.array(Proposed),
  insight: z.strictObject({ id: Id, storedIn: Words(200), record: CoachInsight }).nullable(),
  archetypes: z.array(ArchetypeRef),
  under: z.array(Words(200)),
  model: Words(80),
  usage: z.strictObject({
    input: z.number().int().nonnegative(),
    output: z.number().int().nonnegative(),
    cacheRead: z.number().int().nonnegative(),
  }),
  ms: z.number().nonnegative(),
  tier: z.enum(['ReadOrDraft', 'ProtectedMutation', 'HighConsequence']),
});
export type CoachAnswer = z.infer<typeof CoachAnswer>;

/**
 * What `heartcoach.ask.me` returns (seed 000 §1, DESIGN §3): the ask the page is to send to the person's agent, and
 * the caller assertion HeartCoach's service key signed for it — `messageDigest` is `askDigest(request)`, the signature
 * is over `digestOf(assertion)` by the wire's delegate, and `wireHash` names the registered wire.
 */
export const AskMeAnswer = z.strictObject({
  kind: z.literal('ask-me'),
  request: z.strictObject({ addressee: AddressSchema, message: z.string().min(1).max(4000), surface: AskSurface }),
  credential: AskAsMeCredential,
  signer: AddressSchema,
  tier: z.enum(['ReadOrDraft', 'ProtectedMutation', 'HighConsequence']),
});
export type AskMeAnswer = z.infer<typeof AskMeAnswer>;
