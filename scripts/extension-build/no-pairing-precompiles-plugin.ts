import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const PAIRING_BACKENDS = /@ethereumjs\/evm\/dist\/esm\/precompiles\/(bls12_381|bn254)\/noble\.js$/u;
const STAND_IN = fileURLToPath(new URL('./no-pairing-precompiles.ts', import.meta.url));

/** Puts no-pairing-precompiles.ts in the place of the EVM's noble pairing backends, in the extension build only. */
export function noPairingPrecompiles(): Plugin {
  return {
    name: 'home-agent-no-pairing-precompiles',
    apply: 'build',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      if (importer === undefined || !id.endsWith('noble.js')) return null;
      const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
      return resolved !== null && PAIRING_BACKENDS.test(resolved.id) ? STAND_IN : null;
    },
  };
}
