import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Rollup } from 'vite';

/**
 * Bundles the HeartCoach page with vite, in memory. Run as a script it prints the files as JSON on stdout: the
 * gateway runs it in a child process (gateway/web/bundle.ts) so vite and its native bundler are never loaded into
 * the long-lived gateway process — loading them there cost ~170 MB resident for as long as the gateway ran.
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

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildPageFiles().then(
    (files) => process.stdout.write(JSON.stringify(files)),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
