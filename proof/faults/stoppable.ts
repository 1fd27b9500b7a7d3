/**
 * Fault injection for the "worker stopped" cases, in the test only — production code is not
 * changed for it. A composition root is built over a wrapped vault and a wrapped chain that share one switch. The
 * chosen call (`point`: a path such as `vault.mandates.record`, and an optional test of its arguments) runs for real
 * — its write lands, its transaction is sent — and then the switch trips: that call throws, and so does every later
 * call through either wrapper. Nothing the abandoned root does after that point reaches the vault or the chain,
 * exactly as if the worker had been stopped there; a new root is then built over the unwrapped vault and a chain
 * re-opened from the vault's snapshot.
 */
export type StopPoint = { path: string; when?: (args: readonly unknown[]) => boolean };

export class WorkerStopped extends Error {
  constructor(at: string) {
    super(`the worker stopped (simulated) at ${at}`);
  }
}

export type Switch = {
  readonly point: StopPoint | null;
  stopped: boolean;
  /** Where it tripped: the path of the call that ran last. */
  trippedAt: string | null;
  /** Every call made through the wrappers, by path, in order (for the report). */
  readonly calls: string[];
};

export const newSwitch = (point: StopPoint | null): Switch => ({ point, stopped: false, trippedAt: null, calls: [] });

function guard(sw: Switch, path: string): void {
  if (sw.stopped) throw new WorkerStopped(`${sw.trippedAt ?? '?'} (then ${path} was refused)`);
}

function wrapCall(
  sw: Switch,
  path: string,
  fn: (...args: unknown[]) => unknown,
  self: object,
): (...args: unknown[]) => unknown {
  return (...args: unknown[]) => {
    guard(sw, path);
    sw.calls.push(path);
    const hit = sw.point !== null && sw.point.path === path && (sw.point.when === undefined || sw.point.when(args));
    const result = fn.apply(self, args);
    if (!hit) return result;
    const trip = () => {
      sw.stopped = true;
      sw.trippedAt = path;
      throw new WorkerStopped(path);
    };
    return result instanceof Promise ? result.then(trip) : trip();
  };
}

/**
 * Wraps `target` so each method call goes through the switch, down to `depth` levels of nested objects (a vault's
 * repositories, a chain's client). Properties named in `opaque` are only guarded (a Dexie database must be handed
 * on as itself). Methods run with the real object as `this`.
 */
export function stoppable<T extends object>(
  target: T,
  sw: Switch,
  path: string,
  depth: number,
  opaque: readonly string[] = [],
): T {
  return new Proxy(target, {
    get(t, key, receiver) {
      const value: unknown = Reflect.get(t, key, receiver);
      if (typeof key === 'symbol') return value;
      const at = `${path}.${key}`;
      if (typeof value === 'function') return wrapCall(sw, at, value as (...args: unknown[]) => unknown, t);
      if (value === null || typeof value !== 'object') return value;
      if (opaque.includes(key)) {
        guard(sw, at);
        return value;
      }
      return depth > 1 ? stoppable(value, sw, at, depth - 1) : value;
    },
  });
}
