import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Rollup } from 'vite';

/**
 * Bundles the HeartCoach page with vite, in memory. Run as a script with `--out <dir>` (`npm run build:gateway`) it
 * writes the files under <dir>/files and their manifest to <dir>/manifest.json, which the gateway reads at start;
 * without it, it prints the files as JSON on stdout (tests run it in a child process, gateway/web/bundle.ts). vite
 * and its native bundler are never loaded into a serving gateway process.
 */
export type PageFile = { path: string; type: string; immutable: boolean } & ({ text: string } | { base64: string });

const SOURCE = fileURLToPath(new URL('./src', import.meta.url));

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
};
const typeOf = (name: string) => TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** The page's files: the page's own paths are immutable (content-hashed) except index.html. */
export async function buildPageFiles(): Promise<PageFile[]> {
  const result = await build({
    root: SOURCE,
    configFile: false,
    logLevel: 'silent',
    base: '/',
    build: {
      write: false,
      outDir: 'dist',
      emptyOutDir: false,
      modulePreload: false,
      assetsDir: 'assets',
      sourcemap: false,
      target: 'es2022',
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs
    .flatMap((o) => o.output)
    .map((item) => {
      const common = {
        path: `/${item.fileName}`,
        type: typeOf(item.fileName),
        immutable: item.fileName !== 'index.html',
      };
      if (item.type === 'chunk') return { ...common, text: item.code };
      return typeof item.source === 'string'
        ? { ...common, text: item.source }
        : { ...common, base64: Buffer.from(item.source).toString('base64') };
    });
}

/** Writes the built page into `dir` (replacing what was there): files/<path> and manifest.json. */
export async function writePageFiles(dir: string, files: readonly PageFile[]): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (const file of files) {
    const target = join(dir, 'files', file.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, 'text' in file ? file.text : Buffer.from(file.base64, 'base64'));
  }
  const manifest = files.map(({ path, type, immutable }) => ({ path, type, immutable }));
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--out');
  const out = at === -1 ? undefined : process.argv[at + 1];
  buildPageFiles().then(
    async (files) => {
      if (out === undefined) return void process.stdout.write(JSON.stringify(files));
      await writePageFiles(resolve(out), files);
      process.stdout.write(`The HeartCoach page: ${files.length} files in ${resolve(out)}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
