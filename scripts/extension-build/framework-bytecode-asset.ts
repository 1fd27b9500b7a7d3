import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { FRAMEWORK_BYTECODE } from '../../src/wallet/deploy/framework-contracts';
import { packBytecode, PACKAGED_FRAMEWORK_BYTECODE_FILE } from '../../src/wallet/deploy/packaged-framework-bytecode';

const source = (path: string) => fileURLToPath(new URL(`../../src/wallet/deploy/${path}`, import.meta.url));
export const NODE_LOADER = source('framework-bytecode.ts');
export const PACKAGED_LOADER = source('packaged-framework-bytecode.ts');

/** The packaged file's contents: every framework contract's init code, packed (a third smaller than hex). */
export function packagedFrameworkBytecodeFile(): string {
  return JSON.stringify(Object.fromEntries(Object.entries(FRAMEWORK_BYTECODE).map(([n, c]) => [n, packBytecode(c)])));
}

/**
 * The extension build's framework bytecode: the worker imports the module that reads it from a packaged file
 * (src/wallet/deploy/packaged-framework-bytecode.ts) in the place of the one that imports the npm bytecode modules,
 * and the file is written beside the worker. The init code is needed only when a fresh chain is deployed, once per
 * Home; every later start restores a snapshot, so ~200 kB of literals leave the script parsed at each start.
 */
export function packagedFrameworkBytecode(): Plugin {
  return {
    name: 'home-agent-packaged-framework-bytecode',
    apply: 'build',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      if (importer === undefined || !id.endsWith('framework-bytecode')) return null;
      const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
      return resolved?.id === NODE_LOADER ? PACKAGED_LOADER : null;
    },
    generateBundle() {
      if (!Array.from(this.getModuleIds()).includes(PACKAGED_LOADER)) return;
      this.emitFile({
        type: 'asset',
        fileName: PACKAGED_FRAMEWORK_BYTECODE_FILE,
        source: packagedFrameworkBytecodeFile(),
      });
    },
  };
}
