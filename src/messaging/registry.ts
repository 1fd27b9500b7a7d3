import type { RegisteredHandler } from './handler';

/** The background's handlers keyed by message type. */
export type HandlerRegistry = {
  get(type: string): RegisteredHandler | undefined;
  types(): string[];
};

/** Builds the registry; two handlers for one type is a wiring bug and throws at start, not at the first message. */
export function createRegistry(handlers: readonly RegisteredHandler[]): HandlerRegistry {
  const byType = new Map<string, RegisteredHandler>();
  for (const handler of handlers) {
    if (byType.has(handler.type))
      throw new Error(`Two handlers are registered for the message type "${handler.type}".`);
    byType.set(handler.type, handler);
  }
  return {
    get: (type) => byType.get(type),
    types: () => [...byType.keys()],
  };
}
