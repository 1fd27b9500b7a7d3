/**
 * The events `window.homeAgent` emits (EIP-1193's `connect` and `disconnect`, and three of its own; `taskStatusUpdate`
 * carries A2A's TaskStatusUpdateEvent for a task the page created).
 */
export const PROVIDER_EVENTS = ['connect', 'disconnect', 'locked', 'wireRevoked', 'taskStatusUpdate'] as const;
export type ProviderEventName = (typeof PROVIDER_EVENTS)[number];
export type ProviderListener = (payload: unknown) => void;

/**
 * A small emitter with EIP-1193's `on` / `removeListener` (and `off`, as libraries alias it). An unknown event name is
 * refused in words: a typo should not register a listener that never fires. A listener that throws does not stop the
 * others (its error is reported to the page's console by the browser, asynchronously).
 */
export function createProviderEmitter() {
  const listeners = new Map<ProviderEventName, Set<ProviderListener>>();
  const known = (name: unknown): name is ProviderEventName =>
    typeof name === 'string' && (PROVIDER_EVENTS as readonly string[]).includes(name);
  const check = (name: unknown, listener: unknown) => {
    if (!known(name))
      throw new TypeError(`window.homeAgent has no event "${String(name)}"; it emits ${PROVIDER_EVENTS.join(', ')}.`);
    if (typeof listener !== 'function') throw new TypeError('A window.homeAgent listener must be a function.');
  };
  return {
    on(name: ProviderEventName, listener: ProviderListener): void {
      check(name, listener);
      let set = listeners.get(name);
      if (set === undefined) listeners.set(name, (set = new Set()));
      set.add(listener);
    },
    removeListener(name: ProviderEventName, listener: ProviderListener): void {
      check(name, listener);
      listeners.get(name)?.delete(listener);
    },
    emit(name: ProviderEventName, payload: unknown): void {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          listener(payload);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
  };
}
