import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { migrateDesk } from './schema';
import { openPglite } from './sql';

/** Where the initialised, empty PGlite data directory is kept (gitignored). */
export const DEFAULT_PGLITE_TEMPLATE = join(process.cwd(), '.data', 'pglite-template');

/**
 * Makes sure an initialised PGlite data directory with the desk's schema and no rows exists at `path`, so every
 * later desk is a copy of it (~0.1 s) instead of a fresh initdb (5–10 s) and its migrations. Built in a private directory and renamed into place, so two processes
 * building it at once cannot leave a half-written template.
 */
export async function ensurePgliteTemplate(path = DEFAULT_PGLITE_TEMPLATE, fresh = false): Promise<string> {
  if (
    !fresh &&
    (await stat(path).then(
      () => true,
      () => false,
    ))
  )
    return path;
  await mkdir(dirname(path), { recursive: true });
  const building = `${path}.building-${process.pid}-${process.hrtime.bigint()}`;
  // Migrated to the desk's latest schema: a first start copies a desk that only needs its rows.
  const sql = await openPglite({ dataDir: building });
  await migrateDesk(sql);
  await sql.close();
  if (fresh) {
    // `npm run build:gateway`: the new template replaces the old one (a copy in progress keeps its open files).
    const old = `${path}.old-${process.pid}`;
    await rename(path, old).catch(() => undefined);
    await rename(building, path);
    await rm(old, { recursive: true, force: true });
    return path;
  }
  try {
    await rename(building, path);
  } catch {
    await rm(building, { recursive: true, force: true }); // another process won the race; its template is as good
  }
  return path;
}
