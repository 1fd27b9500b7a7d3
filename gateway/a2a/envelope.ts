import { z } from 'zod';

/**
 * The JSON-RPC 2.0 envelope and the SendMessage parameters, checked here before the SDK sees them: the SDK answers a
 * bad envelope with -32602 where JSON-RPC says -32600 (TOOLCHAIN), and it reads parameters leniently. A2A v1.0 is
 * `SendMessage` with `A2A-Version: 1.0` and proto-JSON parts (`{ text }`, `{ data }`); v0.3 is the seed's
 * `message/send` with `kind`-tagged parts.
 */
export const Envelope = z.strictObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(200), z.number().int(), z.null()]).optional(),
  method: z.string().min(1).max(100),
  params: z.unknown().optional(),
});
export type Envelope = z.infer<typeof Envelope>;

const Address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an 0x address');
const Data = z.record(z.string(), z.unknown());

/** What the screen puts in the message's metadata (seed 000 §2): the skill, and who the Ask is about. */
export const AskMetadata = z.strictObject({
  skill: z.string().min(1).max(100),
  message: z.string().max(4000).optional(),
  practice: Address.optional(),
  patient: Address.optional(),
  /** Ask-as-me: where the ask comes from (the HeartCoach page) and on which surface. */
  channel: z.string().max(40).optional(),
  surface: z.string().max(80).optional(),
});
export type AskMetadata = z.infer<typeof AskMetadata>;

/** The skill a message names none for: the spec makes metadata optional, so a bare question is an Ask. */
export const DEFAULT_SKILL = 'heartcoach.ask';

/** Metadata as it may arrive: absent, or without a skill (then the default skill is asked). */
const WireMetadata = AskMetadata.extend({ skill: AskMetadata.shape.skill.optional() }).optional();

const MAX_PARTS = 8;
const Text = z.string().max(4000);

const V1Part = z.union([
  z.strictObject({ text: Text, metadata: Data.optional(), mediaType: z.string().max(100).optional() }),
  z.strictObject({ data: Data, metadata: Data.optional(), mediaType: z.string().max(100).optional() }),
]);

export const V1SendParams = z.strictObject({
  tenant: z.string().max(100).optional(),
  message: z.strictObject({
    messageId: z.string().min(1).max(128),
    role: z.literal('ROLE_USER'),
    parts: z.array(V1Part).min(1).max(MAX_PARTS),
    contextId: z.string().max(128).optional(),
    taskId: z.string().max(128).optional(),
    metadata: WireMetadata,
    extensions: z.array(z.string().max(200)).max(8).optional(),
    referenceTaskIds: z.array(z.string().max(128)).max(8).optional(),
  }),
  configuration: z
    .strictObject({
      acceptedOutputModes: z.array(z.string().max(100)).max(8).optional(),
      historyLength: z.number().int().nonnegative().optional(),
      returnImmediately: z.boolean().optional(),
    })
    .optional(),
  metadata: Data.optional(),
});

const V03Part = z.union([
  z.strictObject({ kind: z.literal('text'), text: Text, metadata: Data.optional() }),
  z.strictObject({ kind: z.literal('data'), data: Data, metadata: Data.optional() }),
]);

/** v0.3 as the seed sends it: `kind` and `messageId` may be missing on the message (they are filled in). */
export const V03SendParams = z.strictObject({
  message: z.strictObject({
    kind: z.literal('message').optional(),
    messageId: z.string().min(1).max(128).optional(),
    role: z.literal('user'),
    parts: z.array(V03Part).min(1).max(MAX_PARTS),
    contextId: z.string().max(128).optional(),
    taskId: z.string().max(128).optional(),
    metadata: WireMetadata,
  }),
  configuration: z
    .strictObject({
      acceptedOutputModes: z.array(z.string().max(100)).max(8).optional(),
      blocking: z.boolean().optional(),
      historyLength: z.number().int().nonnegative().optional(),
    })
    .optional(),
  metadata: Data.optional(),
});
