import { z } from 'zod';
import { AddressSchema, AskAsMeCredential, AskSurface, DigestSchema, SignatureSchema } from './ask';
import { AskResponse } from './harness-reply';
import { CabinetFolder } from './delegation';

/**
 * The page methods an app may call besides `home_ping` (DESIGN §10 "Doors and permissions"). Without a wire
 * a page may only connect and ask for a grant — each opens the person's own consent window, and nothing is signed
 * until they approve there; with a wire it may ask as the person. The page's origin is always the browser's record
 * of the sender, never a parameter, and the app's agent is read from the agent card at that origin, never from the
 * page's words.
 */
const Params = <S extends z.ZodRawShape>(shape: S) => z.strictObject(shape);

/**
 * `home_connect`: sign in to this page (a SIWE message for the page's own origin, with the nonce the app issued) and,
 * when `folders` is given, connect the app to the person's agent: its card pinned, the agent's own session, and a
 * cabinet grant for the folders the person ticks in the consent window (a subset of these, or none).
 */
export const HomeConnectRequest = z.strictObject({
  type: z.literal('home_connect'),
  params: Params({
    nonce: z.string().regex(/^[A-Za-z0-9]{8,64}$/, 'the sign-in nonce the app issued (8–64 letters or digits)'),
    folders: z.array(CabinetFolder).min(1).max(6).optional(),
  }),
});
export const HomeConnectReply = z.strictObject({
  /** The person's Smart Agent: who signed in. */
  address: AddressSchema,
  message: z.string().min(1).max(4096),
  signature: SignatureSchema,
  /** What the person connected, when the page asked for folders: the folders they granted and the grant's hash. */
  connected: z.strictObject({ folders: z.array(CabinetFolder).max(6), grantHash: DigestSchema.nullable() }).nullable(),
});
export type HomeConnectReply = z.infer<typeof HomeConnectReply>;

/** `home_grantAskAsMe`: an ask-as-me wire for this page's origin to the app's agent, for `days` (the person sees the expiry). */
export const HomeGrantAskAsMeRequest = z.strictObject({
  type: z.literal('home_grantAskAsMe'),
  params: Params({ days: z.number().int().min(1).max(365) }),
});
export const HomeGrantAskAsMeReply = z.strictObject({
  hash: DigestSchema,
  /** The signed wire `{ delegation, scope }`, for the app to register with its own service. */
  wire: z.record(z.string().max(64), z.unknown()),
  expiresAt: z.string().datetime(),
});
export type HomeGrantAskAsMeReply = z.infer<typeof HomeGrantAskAsMeReply>;

/**
 * `home_ask`: ask as the person (ask-as-me). The ask as the app's service built it and the caller assertion it signed
 * for it; the person's agent admits it (the wire by ERC-1271 and not revoked, the origin as signed, the assertion by
 * the wire's delegate, the nonce spent once) and answers as the person. Any act waits for the person's own signature.
 */
export const HomeAskRequest = z.strictObject({
  type: z.literal('home_ask'),
  params: Params({
    request: z.strictObject({ addressee: AddressSchema, message: z.string().min(1).max(4000), surface: AskSurface }),
    credential: AskAsMeCredential,
  }),
});
export const HomeAskReply = AskResponse;

export const APP_PAGE_REQUESTS = [HomeConnectRequest, HomeGrantAskAsMeRequest, HomeAskRequest] as const;
export const APP_PAGE_REPLIES = {
  home_connect: HomeConnectReply,
  home_grantAskAsMe: HomeGrantAskAsMeReply,
  home_ask: HomeAskReply,
} as const;
