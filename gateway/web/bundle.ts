import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';

/**
 * The HeartCoach page as the gateway serves it: plain TypeScript and a few lines of DOM (no framework — the page is
 * lists, one sheet and one form, and loads in one small script), bundled by vite in memory when the gateway starts
 * (~0.2 s), so there is no built copy on disk to go stale. Each file is kept with its content type; the page's own
 * paths are immutable (content-hashed) except index.html.
 */
export type WebFile = { body: string | ArrayBuffer; type: string; immutable: boolean };
export type WebBundle = { files: ReadonlyMap<string, WebFile> };

const SOURCE = fileURLToPath(new URL('./src', import.meta.url));

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
};
const typeOf = (name: string) => TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';

export async function buildWebBundle(): Promise<WebBundle> {
  const result = await build({
    root: SOURCE,
    configFile: false,
    logLevel: 'silent',
    base: '/',
    build: { write: false, outDir: 'dist', emptyOutDir: false, modulePreload: false, assetsDir: 'assets', sourcemap: false, target: 'es2022' },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const files = new Map<string, WebFile>();
  for (const item of outputs.flatMap((o) => o.output)) {
    const body = item.type === 'chunk' ? item.code : typeof item.source === 'string' ? item.source : (item.source.slice().buffer as ArrayBuffer);
    files.set(`/${item.fileName}`, { body, type: typeOf(item.fileName), immutable: item.fileName !== 'index.html' });
  }
  if (!files.has('/index.html')) throw new Error('The HeartCoach page did not build: no index.html came out.');
  return { files };
}
