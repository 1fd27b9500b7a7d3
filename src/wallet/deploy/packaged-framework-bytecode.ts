import { base64, hex } from '@scure/base';
import type { Hex } from 'viem';
import { z } from 'zod';
import { HomeError } from '../../protocol/errors';
import { DEPLOYMENT_ORDER } from './environment';
import type { FrameworkBytecode } from './framework-contracts';

/** The file the extension build packages beside the worker (scripts/extension-build/framework-bytecode-asset.ts). */
export const PACKAGED_FRAMEWORK_BYTECODE_FILE = 'framework-bytecode.json';

/** Solidity's library-link placeholder (`__$<34 hex>$__`), kept verbatim between the base64 runs. */
const PLACEHOLDER = /^__\$[0-9a-f]{34}\$__$/u;

/** Each contract's init code as segments: base64 of the hex runs, placeholders verbatim at odd positions. */
const PackagedBytecode = z.record(z.string(), z.array(z.string().max(400_000)).min(1).max(9));

/** The segments of a bytecode string, as the build writes them: a third smaller than hex. */
export function packBytecode(code: Hex): string[] {
  return code
    .slice(2)
    .split(/(__\$[0-9a-f]{34}\$__)/u)
    .map((part, i) => (i % 2 === 1 ? part : base64.encode(hex.decode(part))));
}

/** The packaged file back to the framework's init code; anything missing or malformed is refused in words. */
export function unpackFrameworkBytecode(json: unknown): FrameworkBytecode {
  const parsed = PackagedBytecode.safeParse(json);
  const refuse = (why: string, cause?: unknown) =>
    new HomeError(
      'FRAMEWORK_CODE_UNREADABLE',
      `Home Agent could not read the contract code it ships with (${why}); reinstall the extension.`,
      { cause },
    );
  if (!parsed.success) throw refuse('the file has the wrong shape', parsed.error);
  const code: Record<string, Hex> = {};
  for (const [name, segments] of Object.entries(parsed.data)) {
    try {
      code[name] = `0x${segments
        .map((part, i) => {
          if (i % 2 === 0) return hex.encode(base64.decode(part));
          if (!PLACEHOLDER.test(part)) throw new Error(`segment ${i} is not a link placeholder`);
          return part;
        })
        .join('')}`;
    } catch (cause) {
      throw refuse(`${name} does not decode`, cause);
    }
  }
  const missing = DEPLOYMENT_ORDER.filter((name) => name !== 'TestUSDC' && code[name] === undefined);
  if (missing.length > 0) throw refuse(`${missing.join(', ')} missing`);
  return code as FrameworkBytecode;
}

/**
 * The extension's `loadFrameworkBytecode` (the build puts this module in the place of framework-bytecode.ts): reads
 * the packaged file from the extension's own origin, once, when a fresh chain is deployed.
 */
export async function loadFrameworkBytecode(): Promise<FrameworkBytecode> {
  const url = new URL(`/${PACKAGED_FRAMEWORK_BYTECODE_FILE}`, globalThis.location.href);
  let json: unknown;
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    json = await response.json();
  } catch (cause) {
    throw new HomeError(
      'FRAMEWORK_CODE_UNREADABLE',
      'Home Agent could not read the contract code it ships with; reinstall the extension.',
      { cause },
    );
  }
  return unpackFrameworkBytecode(json);
}
