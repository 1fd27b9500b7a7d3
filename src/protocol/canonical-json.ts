/**
 * RFC 8785 (JSON Canonicalization Scheme) for the values this product hashes: objects with keys sorted by UTF-16
 * code units, no whitespace, numbers in ECMAScript form. Every digest in Home Agent is taken over these bytes, so
 * two parties that agree on a value agree on its digest (DESIGN §10, "Digests and bindings").
 *
 * bigint, undefined inside arrays, functions, symbols and non-finite numbers have no JSON form: they throw, because
 * silently dropping them would let two different values share a digest. `undefined` object members are omitted, as
 * JSON.stringify omits them.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${value} has no JSON form`);
      return JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        return `[${value
          .map((item) => {
            if (item === undefined) throw new TypeError('canonicalJson: undefined inside an array has no JSON form');
            return canonicalJson(item);
          })
          .join(',')}]`;
      }
      const json = (value as { toJSON?: () => unknown }).toJSON;
      if (typeof json === 'function') return canonicalJson(json.call(value));
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: a ${typeof value} has no JSON form`);
  }
}
