/**
 * What the extension build gives a module that imports `lodash`: only `memoize`. The one importer in the extension is
 * `@metamask/utils` (through `@metamask/delegation-core`'s caveat encoders), whose hex module takes `memoize` from
 * the whole of lodash (`import $lodash from "lodash"`) to cache checksum addresses; bundled as is, that is 70 kB of
 * the worker. lodash-alias.test.ts fails if `@metamask/utils` ever takes anything else from it.
 */
function memoize<A, R>(fn: (arg: A) => R): ((arg: A) => R) & { cache: Map<A, R> } {
  const cache = new Map<A, R>();
  const memoized = (arg: A): R => {
    if (cache.has(arg)) return cache.get(arg)!;
    const result = fn(arg);
    cache.set(arg, result);
    return result;
  };
  return Object.assign(memoized, { cache });
}

export default { memoize };
