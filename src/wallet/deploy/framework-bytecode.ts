import { FRAMEWORK_BYTECODE, type FrameworkBytecode } from './framework-contracts';

/**
 * The framework's init code, needed only when a fresh chain is deployed. In Node it is the npm package's bytecode
 * modules. The extension build puts another module in this one's place
 * (scripts/extension-build/framework-bytecode-asset.ts): the same bytes, read from a file packaged with the extension
 * on the first deployment, so the ~200 kB of code is not parsed at every start of the worker.
 */
export function loadFrameworkBytecode(): Promise<FrameworkBytecode> {
  return Promise.resolve(FRAMEWORK_BYTECODE);
}
