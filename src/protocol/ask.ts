import { z } from 'zod';
import { digestOf } from './digest';

/**
 * The ask: one sentence from a person to an agent (seed 001 §2), as every door sends it to the person's agent —
 * the side panel, the overlay, the command line, and an app's "My agent" door through the page provider.
 *
 * Page content is material, never instruction: `material` carries quoted, untrusted text (a page selection, a
 * record, an outside agent's answer). The harness may show it to a model as quoted material, but no tool, recipient,
 * amount or argument may come from it unless the person's own `message` carries it (admission's
 * numbersFromTheWords and partiesFromTheWords rules).
 */

/** A hex string checked by pattern and typed as viem's `0x${string}`. */
const hex = (pattern: RegExp, message: string) =>
  z.string().regex(pattern, message) as unknown as z.ZodType<`0x${string}`, `0x${string}`>;
export const AddressSchema = hex(/^0x[0-9a-fA-F]{40}$/, 'an 0x address');
export const DigestSchema = hex(/^0x[0-9a-fA-F]{64}$/, 'a 32-byte digest');
export const SignatureSchema = hex(/^0x[0-9a-fA-F]{2,16384}$/, 'a hex signature');

/** Where the ask was typed. `page` is an app's page reaching the agent through `window.homeAgent` (ask-as-me). */
export const AskSurface = z.enum(['sidepanel', 'overlay', 'popup', 'options', 'cli', 'page']);
export type AskSurface = z.infer<typeof AskSurface>;

/** Quoted, untrusted text shown beside the ask. It is evidence for a model, never an instruction. */
export const Material = z.strictObject({
  source: z.enum(['page', 'selection', 'record', 'outside-agent', 'memory', 'file']),
  text: z.string().max(20_000),
  url: z.string().max(2048).optional(),
  title: z.string().max(300).optional(),
});
export type Material = z.infer<typeof Material>;

const ShortText = z.string().max(500);

/**
 * What the person did since the run suspended (seed 001 §2: "the same ask resumes with what they did, and nothing
 * else is re-sent"). Each answer names the prompt it answers by its resumeToken (or the step by its stepRef for a
 * mandate), so an answer can never be applied to a different question.
 */
export const Supplied = z.discriminatedUnion('kind', [
  /** The person signed the mandate for a step at their Home; the harness re-verifies it from scratch. */
  z.strictObject({ kind: z.literal('mandate'), stepRef: z.string().min(1).max(64), mandateHash: DigestSchema }),
  /** Values for a data prompt (an amount, a name), keyed by the argument names the prompt listed. */
  z.strictObject({
    kind: z.literal('answer'),
    resumeToken: DigestSchema,
    values: z.record(z.string().max(64), ShortText).refine((v) => Object.keys(v).length <= 8, 'at most 8 values'),
  }),
  /** One of the candidates a choice prompt offered (an address, or a skill id when clarifying). */
  z.strictObject({ kind: z.literal('choice'), resumeToken: DigestSchema, choice: z.string().min(1).max(200) }),
  /** A second party's co-signature over the approval digest a signature prompt showed. */
  z.strictObject({
    kind: z.literal('approval'),
    resumeToken: DigestSchema,
    approver: AddressSchema,
    signature: SignatureSchema,
  }),
  /** The person declined: the run ends refused, with their reason. */
  z.strictObject({ kind: z.literal('decline'), resumeToken: DigestSchema.optional(), reason: ShortText.optional() }),
]);
export type Supplied = z.infer<typeof Supplied>;

const ArgLiteral = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

/** A plan a screen supplies for a read it draws itself (the options page's vault browser); informational only. */
export const SuppliedPlan = z.strictObject({
  steps: z
    .array(
      z.strictObject({ toolId: z.string().min(1).max(120), args: z.record(z.string().max(64), ArgLiteral).optional() }),
    )
    .min(1)
    .max(4),
});
export type SuppliedPlan = z.infer<typeof SuppliedPlan>;

/** One turn of the ask, as every door sends it. A resume carries `runRef` and `supplied`, and may omit `message`. */
export const AskRequest = z
  .strictObject({
    /** Who is asked: `0x…` or CAIP-10 `eip155:<chain>:0x…`; anything else is refused by admit. */
    addressee: z.string().min(1).max(120),
    message: z.string().min(1).max(4000).optional(),
    runRef: z.string().min(1).max(80).optional(),
    supplied: z.array(Supplied).max(16).optional(),
    surface: AskSurface,
    material: z.array(Material).max(8).optional(),
    plan: SuppliedPlan.optional(),
    /** A model provider the caller asks for; one not offered on this Home is refused. */
    provider: z.string().min(1).max(64).optional(),
    tz: z.string().max(64).optional(),
  })
  .refine((r) => r.message !== undefined || r.runRef !== undefined, {
    message: 'an ask needs a message, or a runRef to resume',
    path: ['message'],
  });
export type AskRequest = z.infer<typeof AskRequest>;

/**
 * The caller assertion an app signs with its own key for each ask-as-me (DESIGN §3). `messageDigest` is
 * `askDigest(request)`: it binds the whole ask (addressee, message, runRef, supplied, material), so an assertion
 * cannot be lifted onto another ask. The nonce is spent exactly once by the person's agent.
 */
export const CallerAssertion = z.strictObject({
  method: z.literal('harness.ask'),
  nonce: z.string().min(16).max(128),
  addressee: AddressSchema,
  messageDigest: DigestSchema,
  channel: z.enum(['page-provider', 'a2a']),
  surface: AskSurface,
  /** Seconds since the epoch. */
  iat: z.number().int().nonnegative(),
  exp: z.number().int().nonnegative(),
});
export type CallerAssertion = z.infer<typeof CallerAssertion>;

/** What an app presents with an ask-as-me: the wire (the person's delegation, by hash) and its signed assertion. */
export const AskAsMeCredential = z.strictObject({
  wireHash: DigestSchema,
  assertion: CallerAssertion,
  /** The app's signature over `digestOf(assertion)`, by the wire's delegate. */
  signature: SignatureSchema,
});
export type AskAsMeCredential = z.infer<typeof AskAsMeCredential>;

/** The digest a caller assertion's `messageDigest` must carry for this ask. */
export function askDigest(request: AskRequest): `0x${string}` {
  return digestOf(request);
}
