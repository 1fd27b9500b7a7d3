import { cp, mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * The one SQL port of the desk store: the same statements run on PGlite (embedded, the default) and on PostgreSQL 15
 * (`DATABASE_URL`), so the store and its tests are written once. Only PostgreSQL 15 features; parameters are `$n`.
 */
export type SqlRunner = {
  query<T extends object>(text: string, params?: readonly unknown[]): Promise<T[]>;
};

export type Sql = SqlRunner & {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/**
 * PGlite starts PostgreSQL with its default 128 MB of shared buffers, which it zeroes at start: 150 MB resident in
 * the WASM heap for a desk of a few hundred rows (bench gateway-memory). 16 MB holds the whole desk many times over,
 * and PGlite's files sit in the OS page cache beneath it anyway.
 */
export const pgliteStartParams = (engine: typeof PGlite): string[] => [
  ...engine.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
];

/**
 * Each engine is loaded when a desk is opened on it, not at start: a gateway on PostgreSQL never loads PGlite's WASM
 * and one on PGlite never loads pg (bench gateway-start).
 */
export const loadPglite = async (): Promise<typeof PGlite> => (await import('@electric-sql/pglite')).PGlite;

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Opens PGlite on a saved data directory. A fresh directory costs PGlite's initdb (5–10 s); when `template` names an
 * initialised directory it is copied instead (~0.1 s), so start-up stays near a second (TOOLCHAIN).
 */
export async function openPglite(options: { dataDir: string; template?: string }): Promise<Sql> {
  const { dataDir, template } = options;
  if (!(await exists(dataDir)) && template !== undefined && (await exists(template))) {
    await mkdir(dirname(dataDir), { recursive: true });
    await cp(template, dataDir, { recursive: true });
  }
  await mkdir(dirname(dataDir), { recursive: true });
  const engine = await loadPglite();
  const db = await engine.create(dataDir, { startParams: pgliteStartParams(engine) });
  const runner = (q: { query: PGlite['query'] }): SqlRunner => ({
    query: async <T extends object>(text: string, params: readonly unknown[] = []) =>
      (await q.query<T>(text, [...params])).rows,
  });
  return {
    kind: 'pglite',
    ...runner(db),
    transaction: (work) => db.transaction((tx) => work(runner(tx))),
    close: () => db.close(),
  };
}

/**
 * Opens a PostgreSQL pool. `schema` (created when missing) isolates one desk from another in the same database —
 * tests use a fresh schema each (dropped on close); a deployment uses the default.
 */
export async function openPostgres(options: {
  url: string;
  schema?: string;
  max?: number;
  dropOnClose?: boolean;
}): Promise<Sql> {
  const schema = options.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`openPostgres: "${schema}" is not a plain schema name`);
  const { default: pgModule } = await import('pg');
  const pool = new pgModule.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    options: `-c search_path=${schema}`,
  });
  await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const runner = (client: pg.Pool | pg.PoolClient): SqlRunner => ({
    query: async <T extends object>(text: string, params: readonly unknown[] = []) =>
      (await client.query<T & pg.QueryResultRow>(text, [...params])).rows as T[],
  });
  return {
    kind: 'postgres',
    ...runner(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(runner(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (options.dropOnClose === true) await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await pool.end();
    },
  };
}
