import { z } from 'zod';
import { Origin } from './messages';
import { A2A_PAGE_REPLIES, A2A_PAGE_REQUESTS } from './a2a-task';
import { APP_PAGE_REPLIES, APP_PAGE_REQUESTS } from './page-provider-app';
import { PAGE_LIMITS } from './page-envelope';

/**
 * The page provider's channel: a web page calls `window.homeAgent.request({ method, params })` (EIP-1193 style);
 * the MAIN-world bridge posts a PageRequestEnvelope to its own window; the isolated content script accepts it only
 * when `event.source === window`, the channel tag matches and this schema passes, then relays it to the background
 * as a PageRelay. The background takes the page's origin from the browser's sender record, never from here.
 *
 * Apps reach the person's agent only through this door (DESIGN §10). A page without a wire may only ping, connect
 * and ask for a grant; later issues add `home_connect`, `home_grantAskAsMe` and `home_ask` to PageRequest.
 */
export { PAGE_CHANNEL, PAGE_LIMITS } from './page-envelope';

/** A method name as a page may spell it; whether it exists, and is open to pages, is the background's decision. */
export const PageMethod = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_.]*$/, 'a method name');

/** EIP-1193 params: an object or an array; each method's own schema says what it takes. */
export const PageParams = z.union([
  z
    .record(z.string().max(64), z.unknown())
    .refine((p) => Object.keys(p).length <= PAGE_LIMITS.params, 'too many params'),
  z.array(z.unknown()).max(PAGE_LIMITS.params),
]);

export { PageReplyEnvelope, PageRequestEnvelope, PageRequestId } from './page-envelope';

/** Content script → background: a page's request, relayed. Only a content script may send it. */
export const PageRelay = z.strictObject({
  type: z.literal('page.relay'),
  method: PageMethod,
  params: PageParams.optional(),
});
export type PageRelay = z.infer<typeof PageRelay>;

// ── the methods a page may call, as the background sees them after unwrapping a PageRelay ───────────────────────

/** `home_ping`: is Home Agent here, and which origin does it see? Takes no params. */
export const HomePingRequest = z.strictObject({
  type: z.literal('home_ping'),
  params: z.union([z.strictObject({}), z.array(z.never()).max(0)]).optional(),
});
export const HomePingReply = z.strictObject({ origin: Origin, agent: z.literal('home-agent') });
export type HomePingReply = z.infer<typeof HomePingReply>;

export const PageRequest = z.discriminatedUnion('type', [HomePingRequest, ...APP_PAGE_REQUESTS, ...A2A_PAGE_REQUESTS]);
export type PageRequest = z.infer<typeof PageRequest>;
export type PageRequestType = PageRequest['type'];

export const PAGE_REPLIES = {
  home_ping: HomePingReply,
  ...APP_PAGE_REPLIES,
  ...A2A_PAGE_REPLIES,
} as const satisfies Record<PageRequestType, z.ZodType>;

/** What `window.homeAgent.request` rejects with: an EIP-1193 ProviderRpcError (src/protocol/provider-errors.ts). */
export type { ProviderRpcError as PageProviderError } from './provider-errors';
