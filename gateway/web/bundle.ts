import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { describeZodError } from '../../src/protocol/errors';

/**
 * The HeartCoach page as the gateway serves it: plain TypeScript and a few lines of DOM (no framework — the page is
 * lists, one sheet and one form, and loads in one small script). `npm run build:gateway` (part of `npm run build`)
 * bundles it once with vite into .output/gateway-web/ and the gateway reads that folder at start: no bundler runs
 * in a serving process (`readWebBundle`). Tests build it in memory in a short-lived child process
 * (`buildWebBundle`, gateway/web/build-page.ts), so vite stays out of the test's own memory too. Each file is kept
 * with its content type; the page's own paths are immutable (content-hashed) except index.html.
 */
export type WebFile = { body: string | ArrayBuffer; type: string; immutable: boolean };
export type WebBundle = { files: ReadonlyMap<string, WebFile> };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./build-page.ts', import.meta.url));
const MAX_OUTPUT = 16 * 1024 * 1024;

const Common = { path: z.string().startsWith('/').max(500), type: z.string().max(100), immutable: z.boolean() };
const PageFiles = z
  .array(z.union([z.strictObject({ ...Common, text: z.string() }), z.strictObject({ ...Common, base64: z.base64() })]))
  .max(1000);

/** Runs the page's build in a child process (the same Node, TypeScript through tsx) and reads its files. */
function runBuild(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let size = 0;
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT) child.kill('SIGKILL');
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => void (err = (err + String(chunk)).slice(-4000)));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else if (size > MAX_OUTPUT)
        reject(new Error(`The HeartCoach page did not build: its build printed more than ${MAX_OUTPUT} bytes.`));
      else
        reject(
          new Error(`The HeartCoach page did not build (${signal ?? `exit ${code}`}): ${err.trim() || 'no message'}`),
        );
    });
  });
}

/** The manifest `build-page.ts --out` writes beside the files: each file's path, type and immutability. */
export const MANIFEST = 'manifest.json';
const Manifest = z.array(z.strictObject(Common)).max(1000);

/** Reads the page `npm run build:gateway` built into `dir`; refuses in words when it was not built. */
export async function readWebBundle(dir: string): Promise<WebBundle> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST), 'utf8');
  } catch {
    throw new Error(
      `The HeartCoach page is not built in ${dir}: run \`npm run build:gateway\` (or \`npm run build\`).`,
    );
  }
  const parsed = Manifest.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`The HeartCoach page in ${dir} is damaged: ${describeZodError(parsed.error)}`);
  const files = new Map<string, WebFile>();
  for (const file of parsed.data) {
    if (file.path.includes('..')) throw new Error(`The HeartCoach page in ${dir} names ${file.path}: refused.`);
    const bytes = await readFile(join(dir, 'files', file.path));
    const body = file.type.startsWith('text/') ? bytes.toString('utf8') : (new Uint8Array(bytes).buffer as ArrayBuffer);
    files.set(file.path, { body, type: file.type, immutable: file.immutable });
  }
  if (!files.has('/index.html')) throw new Error(`The HeartCoach page in ${dir} has no index.html.`);
  return { files };
}

export async function buildWebBundle(): Promise<WebBundle> {
  const printed = await runBuild();
  let json: unknown;
  try {
    json = JSON.parse(printed);
  } catch {
    throw new Error('The HeartCoach page did not build: its build printed something other than JSON.');
  }
  const parsed = PageFiles.safeParse(json);
  if (!parsed.success) throw new Error(`The HeartCoach page did not build: ${describeZodError(parsed.error)}`);
  const files = new Map<string, WebFile>();
  for (const file of parsed.data) {
    const body =
      'text' in file ? file.text : (new Uint8Array(Buffer.from(file.base64, 'base64')).buffer as ArrayBuffer);
    files.set(file.path, { body, type: file.type, immutable: file.immutable });
  }
  if (!files.has('/index.html')) throw new Error('The HeartCoach page did not build: no index.html came out.');
  return { files };
}
