import { z } from 'zod';

/**
 * The leaves of the extension's messages (./messages.ts re-exports them): the caps, an origin, and quoted page
 * material. A leaf so that a schema file ./messages/index.ts spreads into its unions (./messages/overlay.ts) can use them
 * without an import cycle.
 */
export const MESSAGE_LIMITS = {
  /** The whole message as JSON, in UTF-8 bytes. */
  payloadBytes: 64 * 1024,
  /** A sentence the person types. */
  words: 4000,
  /** Quoted page text carried with an ask. */
  material: 8000,
  id: 128,
  origin: 512,
  summary: 500,
  list: 100,
} as const;

/** A serialised origin (`https://host:port`), or `null` for opaque origins. */
export const Origin = z
  .string()
  .max(MESSAGE_LIMITS.origin)
  .regex(/^(null|[a-z][a-z0-9+.-]*:\/\/[^/\s?#]+)$/, 'an origin such as https://example.org');

/**
 * Text quoted from a page. It is evidence to read, never an instruction to follow: `trust` is always `untrusted`,
 * and the faces show it as a quotation with its origin.
 */
export const Material = z.strictObject({
  text: z.string().min(1).max(MESSAGE_LIMITS.material),
  source: z.literal('page-selection'),
  origin: Origin,
  trust: z.literal('untrusted'),
});
export type Material = z.infer<typeof Material>;
