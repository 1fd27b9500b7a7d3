import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What each entry of the production build costs to load: its own script and, for a page, every chunk it pulls in
 * (the `<script type="module">` and the static `import … from "./x.js"` graph from there), raw and gzipped
 * (zlib's default level, as a server or a store would). Shared chunks count in every entry that loads them; the
 * total counts each file once.
 */
export type EntrySize = { entry: string; files: string[]; raw: number; gzip: number };
export type BuildSizes = { entries: EntrySize[]; jsRaw: number; jsGzip: number; allRaw: number; files: number };

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const gz = (bytes: Buffer) => gzipSync(bytes).length;

/** The scripts a module script loads statically, as paths relative to the build root. */
function staticImports(root: string, file: string): string[] {
  const code = readFileSync(join(root, file), 'utf8');
  const found = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => m[1]!);
  return found.map((spec) => posix.normalize(posix.join(posix.dirname(file), spec)));
}

function closure(root: string, start: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of staticImports(root, file)) visit(next);
  };
  visit(start);
  return [...seen];
}

function sized(root: string, entry: string, files: string[]): EntrySize {
  const bytes = files.map((file) => readFileSync(join(root, file)));
  return {
    entry,
    files,
    raw: bytes.reduce((sum, b) => sum + b.length, 0),
    gzip: bytes.reduce((sum, b) => sum + gz(b), 0),
  };
}

export function measureBuildSizes(root: string): BuildSizes {
  const all = walk(root).map((path) => relative(root, path).split('\\').join('/'));
  const entries: EntrySize[] = [];
  for (const html of all.filter((file) => file.endsWith('.html'))) {
    const script = /<script[^>]*type="module"[^>]*src="\/?([^"]+)"/.exec(readFileSync(join(root, html), 'utf8'))?.[1];
    if (script !== undefined) entries.push(sized(root, html, closure(root, script)));
  }
  // Scripts the manifest or the worker load directly: the worker, the overlay, the content scripts.
  for (const script of all.filter((file) => file.endsWith('.js') && !file.startsWith('chunks/')))
    entries.push(sized(root, script, closure(root, script)));
  const js = all.filter((file) => file.endsWith('.js')).map((file) => readFileSync(join(root, file)));
  return {
    entries: entries.sort((a, b) => b.raw - a.raw),
    jsRaw: js.reduce((sum, b) => sum + b.length, 0),
    jsGzip: js.reduce((sum, b) => sum + gz(b), 0),
    allRaw: all.reduce((sum, file) => sum + statSync(join(root, file)).size, 0),
    files: all.length,
  };
}

/**
 * The production build ships nothing of the benchmark: no file named for it, and no file holding the probe's
 * global or its module name. Returns the offending paths (none expected).
 */
export function benchTracesIn(root: string, markers: readonly string[]): string[] {
  return walk(root)
    .map((path) => relative(root, path))
    .filter(
      (file) =>
        /bench/i.test(file) ||
        (/\.(js|html|json|css)$/.test(file) && markers.some((m) => readFileSync(join(root, file), 'utf8').includes(m))),
    );
}
