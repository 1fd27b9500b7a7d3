import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePgliteTemplate } from '../desk/pglite-template';
import { openPglite, openPostgres, type Sql } from '../desk/sql';

/**
 * The databases every desk test runs on: PGlite always, PostgreSQL 15 when `TEST_DATABASE_URL` is set (scripts/test.mjs
 * sets it, installing and starting Debian's PostgreSQL when root). Each `open()` is a fresh, empty desk: a copy of the
 * PGlite template, or a new schema in the PostgreSQL database.
 */
export type TestDatabase = { name: 'pglite' | 'postgres'; open(): Promise<Sql> };

let counter = 0;

export function testDatabases(): TestDatabase[] {
  const pglite: TestDatabase = {
    name: 'pglite',
    async open() {
      const template = await ensurePgliteTemplate();
      const dir = await mkdtemp(join(tmpdir(), 'desk-'));
      return openPglite({ dataDir: join(dir, 'pgdata'), template });
    },
  };
  const url = process.env.TEST_DATABASE_URL;
  if (url === undefined || url === '') {
    console.warn('TEST_DATABASE_URL is not set: the PostgreSQL variants of the desk tests were not run.');
    return [pglite];
  }
  const postgres: TestDatabase = {
    name: 'postgres',
    open: () =>
      openPostgres({
        url,
        schema: `desk_t${process.pid}_${Date.now().toString(36)}_${(counter += 1)}`,
        max: 4,
        dropOnClose: true,
      }),
  };
  return [pglite, postgres];
}
