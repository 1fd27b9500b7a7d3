import { base64, hex } from '@scure/base';

/** Bytecode segments back to the 0x-hex the package ships (see compact-bytecode.ts): odd segments are verbatim. */
export function hexFromBase64(segments: readonly string[]): `0x${string}` {
  return `0x${segments.map((part, i) => (i % 2 === 1 ? part : hex.encode(base64.decode(part)))).join('')}`;
}
