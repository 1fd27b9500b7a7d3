import { base64, hex } from '@scure/base';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Solidity's library-link placeholder (`__$<34 hex>$__`): not hex, so it is kept as written. */
const PLACEHOLDER = /(__\$[0-9a-f]{34}\$__)/u;
const BYTECODE_MODULE = /@metamask\/delegation-abis\/dist\/bytecode\/[^/]+\.mjs$/u;
const LITERAL = /const bytecode = "0x([0-9a-fA-F]*(?:__\$[0-9a-f]{34}\$__[0-9a-fA-F]*)*)";/u;
const DECODER = fileURLToPath(new URL('./hex-from-base64.ts', import.meta.url));

/** The segments of a bytecode string: base64 of each hex run, placeholders verbatim (odd positions). */
export function compactSegments(hexDigits: string): string[] {
  return hexDigits.split(PLACEHOLDER).map((part, i) => (i % 2 === 1 ? part : base64.encode(hex.decode(part))));
}

/** A bytecode module of `@metamask/delegation-abis` rewritten to carry base64 (4/3 of the bytes) instead of hex (2×). */
export function compactBytecodeModule(code: string): string | undefined {
  const found = LITERAL.exec(code);
  if (found === null) return undefined;
  const segments = JSON.stringify(compactSegments(found[1]!));
  return `import { hexFromBase64 } from ${JSON.stringify(DECODER)};\n${code.replace(
    found[0],
    `const bytecode = hexFromBase64(${segments});`,
  )}`;
}

/**
 * The framework's init code is ~300 kB of the worker as hex string literals; as base64 it is a third smaller, and it
 * is decoded back to the same hex when the worker loads (a few milliseconds). Applies to the extension build only.
 */
export function compactBytecode(): Plugin {
  return {
    name: 'home-agent-compact-bytecode',
    apply: 'build',
    transform(code, id) {
      if (!BYTECODE_MODULE.test(id)) return undefined;
      const compacted = compactBytecodeModule(code);
      if (compacted === undefined) this.error(`${id}: no bytecode literal in the expected form`);
      return { code: compacted, map: null };
    },
  };
}
