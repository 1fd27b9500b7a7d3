import { type z } from 'zod';
import { describeZodError, fail, HomeError, ok, type Result } from '../protocol/errors';
import type { SenderKind } from '../protocol/messages/index';
import type { SenderContext } from './sender';

/** What a handler declares: its message type, who may call it, the request and reply schemas, and its work. */
export type HandlerDefinition<Request extends z.ZodType<{ type: string }>, Reply extends z.ZodType> = {
  type: z.infer<Request>['type'];
  /** The sender kinds allowed to call it; anything else is refused before the request is even parsed. */
  senders: readonly SenderKind[];
  request: Request;
  reply: Reply;
  /** Runs only on a request that passed `request`; its return value must pass `reply`. Throw a HomeError to refuse. */
  handle: (request: z.infer<Request>, sender: SenderContext) => Promise<z.infer<Reply>> | z.infer<Reply>;
};

/** A handler with its types erased, as the registry holds it. */
export type RegisteredHandler = {
  readonly type: string;
  readonly senders: readonly SenderKind[];
  /** Parses, then runs the handler; `ran` says whether `handle` was reached (the router's spy counts it). */
  run: (message: unknown, sender: SenderContext) => Promise<{ ran: boolean; reply: Result<unknown> }>;
};

/**
 * Declares a handler for the background router. Validation happens here, before `handle`: a message of the wrong
 * shape never reaches it. A reply that breaks its own schema is a bug, reported as INTERNAL rather than sent.
 */
export function defineHandler<Request extends z.ZodType<{ type: string }>, Reply extends z.ZodType>(
  definition: HandlerDefinition<Request, Reply>,
): RegisteredHandler {
  return {
    type: definition.type,
    senders: Object.freeze([...definition.senders]),
    async run(message, sender) {
      const parsed = definition.request.safeParse(message);
      if (!parsed.success) {
        return { ran: false, reply: fail(new HomeError('BAD_INPUT', describeZodError(parsed.error))) };
      }
      try {
        const data = await definition.handle(parsed.data, sender);
        const checked = definition.reply.safeParse(data);
        if (!checked.success) {
          const detail = describeZodError(checked.error);
          return {
            ran: true,
            reply: fail(new HomeError('INTERNAL', `Home Agent built a reply it could not send. ${detail}`)),
          };
        }
        return { ran: true, reply: ok(checked.data) };
      } catch (error) {
        return { ran: true, reply: fail(error) };
      }
    },
  };
}
