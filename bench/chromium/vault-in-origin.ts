import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import type { BenchBrowser } from './launch';
import { spread, type Spread } from './stats';
import { PROBE_GLOBAL, type VaultProbe } from './vault-probe';

const PROBE_ENTRY = fileURLToPath(new URL('./vault-probe.ts', import.meta.url));

/**
 * The vault in the extension's own origin: vault-probe.ts (the vault's modules and the measuring loops) bundled by
 * vite into one classic script, evaluated over CDP in an extension page (`Runtime.evaluate` is the debugger's, so
 * the extension's `script-src 'self'` does not apply to it and the build ships nothing for the bench), then driven
 * through `page.evaluate`. Same origin, same IndexedDB, same Dexie and zod code as the background worker's vault.
 */
export async function bundleProbe(): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      lib: { entry: PROBE_ENTRY, formats: ['iife'], name: 'homeAgentVaultBenchBundle', fileName: 'vault-probe' },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunk = (Array.isArray(output) ? output[0]! : output).output.find((file) => file.type === 'chunk');
  if (chunk === undefined || chunk.type !== 'chunk') throw new Error('vite produced no script for the vault probe');
  return chunk.code;
}

export type ProbeHandle = {
  page: Page;
  call<K extends keyof VaultProbe>(
    method: K,
    ...args: Parameters<VaultProbe[K]>
  ): Promise<Awaited<ReturnType<VaultProbe[K]>>>;
};

/** Opens an extension page, evaluates the probe in it, and returns a typed caller. */
export async function injectProbe(b: BenchBrowser, code: string): Promise<ProbeHandle> {
  const page = await b.context.newPage();
  await page.goto(`chrome-extension://${b.extensionId}/manifest.json`);
  const cdp = await b.context.newCDPSession(page);
  // The debugger may evaluate strings where the page may not; `false` keeps the extension's CSP in force for the
  // probe, so zod falls back from its `new Function` fast path exactly as it does in the background worker.
  const evaluated = await cdp.send('Runtime.evaluate', { expression: code, allowUnsafeEvalBlockedByCSP: false });
  if (evaluated.exceptionDetails !== undefined)
    throw new Error(
      `The vault probe did not load: ${evaluated.exceptionDetails.exception?.description ?? evaluated.exceptionDetails.text}`,
    );
  await cdp.detach();
  const origin = await page.evaluate(() => location.origin);
  if (origin !== `chrome-extension://${b.extensionId}`)
    throw new Error(`The probe runs in ${origin}, not the extension's origin.`);
  const handle: ProbeHandle = {
    page,
    call: (method, ...args) =>
      page.evaluate(
        ({ global, method, args }) => {
          const probe = (
            globalThis as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>
          )[global]!;
          return probe[method]!(...args);
        },
        { global: PROBE_GLOBAL, method, args: args as unknown[] },
      ) as never,
  };
  if (!(await handle.call('evalBlocked')))
    throw new Error('The probe page allows eval: it would not measure what the extension runs.');
  return handle;
}

export type VaultSizeFigures = {
  n: number;
  fillMs: number;
  query: Spread;
  queryRows: number;
  queryLimited: Spread;
  bareGet: Spread;
  append: Spread;
  exportMs: number;
  exportMB: number;
  importMs: number;
};

/** How long a freshly filled vault rests before it is read: Chromium's store settles 100k fresh rows to disk. */
const SETTLE_MS = 5_000;

/**
 * One vault size. Filled in one page, which is then closed; after a rest, a fresh page (a fresh heap, as a worker
 * that wakes has) opens the vault at rest and measures the interleaved reads (query by type and owner, the same
 * limited to 20 rows, the bare get), receipt appends, the export, and the import of that export into an empty vault.
 */
export async function measureVaultSize(
  openProbe: () => Promise<ProbeHandle>,
  n: number,
  runs: number,
): Promise<VaultSizeFigures> {
  const name = `home-agent-bench-${n}`;
  const filler = await openProbe();
  const filled = await filler.call('fill', name, n);
  await filler.page.close();
  if (filled.count !== n) throw new Error(`the bench vault holds ${filled.count} records, not ${n}`);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const probe = await openProbe();
  try {
    const reads = await probe.call('reads', name, runs, n);
    const append = await probe.call('append', name, runs);
    const exported = await probe.call('exportOnce', name);
    if (exported.records !== n) throw new Error(`the export holds ${exported.records} records, not ${n}`);
    const imported = await probe.call('importOnce', `${name}-import`);
    if (imported.records !== n) throw new Error(`the import restored ${imported.records} records, not ${n}`);
    return {
      n,
      fillMs: filled.ms,
      query: spread(reads.query),
      queryRows: reads.rows,
      queryLimited: spread(reads.limited),
      bareGet: spread(reads.bare),
      append: spread(append),
      exportMs: exported.ms,
      exportMB: exported.chars / 1e6,
      importMs: imported.ms,
    };
  } finally {
    await probe.call('drop');
    await probe.page.close();
  }
}
