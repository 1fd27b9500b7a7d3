import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Whether the built command-line door (cli/build.mjs) still matches its sources: the manifest it wrote names every
 * file the bundle was made from (esbuild's metafile, node_modules included) with its size and modification time,
 * and the Node that made the snapshot (a startup snapshot runs only on the binary that built it).
 * Returns null when fresh, else why not, in words.
 */
export function staleness(outDir, root, node = process.version) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'));
  } catch {
    return 'not built yet';
  }
  if (manifest.node !== node) return `built for Node ${manifest.node}, this is ${node}`;
  const outputs = [manifest.bundle, ...(manifest.snapshot === undefined ? [] : [manifest.snapshot])];
  for (const output of outputs) {
    try {
      statSync(join(outDir, output));
    } catch {
      return `${output} is missing`;
    }
  }
  for (const [path, seen] of Object.entries(manifest.inputs)) {
    let now;
    try {
      now = statSync(resolve(root, path));
    } catch {
      return `${path} is gone`;
    }
    if (now.size !== seen.size || now.mtimeMs !== seen.mtimeMs) return `${path} changed`;
  }
  return null;
}
