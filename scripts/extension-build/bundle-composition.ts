import { appendFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** One built script and what each package contributed to it (rendered bytes before minification). */
export type ChunkComposition = { file: string; bytes: number; rendered: Record<string, number> };

/** The package a module belongs to (`viem`, `@noble/curves`), or its source folder (`src/wallet`). */
export function ownerOf(id: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(id);
  if (pkg !== null) return pkg[1]!;
  const source = /\/(src|entrypoints)\/([^/]+)/.exec(id);
  if (source !== null) return source[1] === 'src' ? `src/${source[2]}` : 'entrypoints';
  return 'other';
}

/**
 * A build plugin that appends, for every script the build writes, the bytes each package rendered into it, as one
 * JSON line (ChunkComposition) to `file`. Used only when HOME_AGENT_BUNDLE_STATS names a file (the bundle benchmark
 * sets it); the production build never loads it otherwise.
 */
export function bundleComposition(file: string): Plugin {
  return {
    name: 'home-agent-bundle-composition',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const rendered: Record<string, number> = {};
        for (const [id, module] of Object.entries(chunk.modules)) {
          const owner = ownerOf(id);
          rendered[owner] = (rendered[owner] ?? 0) + module.renderedLength;
        }
        const line: ChunkComposition = { file: chunk.fileName, bytes: Buffer.byteLength(chunk.code), rendered };
        appendFileSync(file, `${JSON.stringify(line)}\n`);
      }
    },
  };
}
