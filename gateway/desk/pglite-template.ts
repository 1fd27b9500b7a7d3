import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { loadPglite, pgliteStartParams } from './sql';

/** Where the initialised, empty PGlite data directory is kept (gitignored). */
export const DEFAULT_PGLITE_TEMPLATE = join(process.cwd(), '.data', 'pglite-template');

/**
 * Makes sure an initialised, empty PGlite data directory exists at `path`, so every later desk is a copy of it
 * (~0.1 s) instead of a fresh initdb (5–10 s). Built in a private directory and renamed into place, so two processes
 * building it at once cannot leave a half-written template.
 */
export async function ensurePgliteTemplate(path = DEFAULT_PGLITE_TEMPLATE): Promise<string> {
  if (
    await stat(path).then(
      () => true,
      () => false,
    )
  )
    return path;
  await mkdir(dirname(path), { recursive: true });
  const building = `${path}.building-${process.pid}-${process.hrtime.bigint()}`;
  const engine = await loadPglite();
  const db = await engine.create(building, { startParams: pgliteStartParams(engine) });
  await db.query('SELECT 1');
  await db.close();
  try {
    await rename(building, path);
  } catch {
    await rm(building, { recursive: true, force: true }); // another process won the race; its template is as good
  }
  return path;
}
