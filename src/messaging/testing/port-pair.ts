import type { AskStreamPort } from '../ask-stream';
import type { RuntimeSender } from '../sender';

/**
 * Two ends of a `chrome.runtime.Port` in one Node process, for tests of a streamed ask (the browser's Port cannot
 * run in Node; the e2e tests use the real one). As in Chromium: a message is delivered later, never in the same
 * turn, as a JSON copy; disconnecting one end fires onDisconnect on the other end only, after what was posted before it; a post on a
 * closed Port throws.
 */
type End = AskStreamPort & { closed: boolean };

/** Deliveries and disconnects posted on any pair and not yet arrived. */
let inFlight = 0;

/**
 * Resolves once nothing posted on any pair is still on its way and what the arrivals set off in memory has run:
 * checked after the microtasks queued so far (a reaction's promise chain) have drained. The event a test waits for
 * when it asserts that something was, or was not, heard.
 */
export function portsDrained(): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (inFlight === 0 ? resolve() : setImmediate(check));
    setImmediate(check);
  });
}

const later = (run: () => void) => {
  inFlight += 1;
  setTimeout(() => {
    inFlight -= 1;
    run();
  }, 0);
};

export function portPair(name: string, sender: RuntimeSender): { page: End; background: End } {
  const make = (): End & { deliver: (m: unknown) => void; hangUp: () => void } => {
    const onMessage: ((m: unknown) => void)[] = [];
    const onDisconnect: (() => void)[] = [];
    return {
      name,
      closed: false,
      postMessage: () => undefined,
      disconnect: () => undefined,
      onMessage: { addListener: (l) => void onMessage.push(l) },
      onDisconnect: { addListener: (l) => void onDisconnect.push(l) },
      deliver: (m) => onMessage.forEach((l) => l(m)),
      hangUp: () => onDisconnect.forEach((l) => l()),
    };
  };
  const page = make();
  const background = { ...make(), sender };
  const wire = (from: typeof page, to: typeof page) => {
    from.postMessage = (message) => {
      if (from.closed) throw new Error('Attempting to use a disconnected port object');
      const copy = JSON.parse(JSON.stringify(message)) as unknown;
      // Posted before a disconnect, still delivered (in order, ahead of the onDisconnect).
      later(() => to.deliver(copy));
    };
    from.disconnect = () => {
      if (from.closed) return;
      from.closed = to.closed = true;
      later(() => to.hangUp());
    };
  };
  wire(page, background);
  wire(background, page);
  return { page, background };
}
