// System packages the tests and the product need beyond npm: Debian's chromium (end-to-end tests, `npm start`),
// PostgreSQL 15 (the gateway's desk store runs its tests on both PGlite and PostgreSQL) and haproxy (the
// multi-instance test puts three gateways behind it). Installed with apt when
// running as root; otherwise this says exactly what to install. Node built-ins only.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

/**
 * Runs `npm ci` when node_modules is missing or older than package-lock.json; returns the seconds it took, or
 * undefined when nothing was needed. Shared by `npm test` and `npm start`.
 */
export function ensureNodeModules() {
  const lock = 'package-lock.json';
  const marker = 'node_modules/.package-lock.json';
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return undefined;
  const started = Date.now();
  console.log('▶ install: npm ci');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
  return ((Date.now() - started) / 1000).toFixed(1);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function apt(packages) {
  console.log(`▶ apt-get install -y ${packages.join(' ')}`);
  execSync('apt-get update -qq', { stdio: 'inherit' });
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`, { stdio: 'inherit' });
}

/** The path of a Chromium binary, installing Debian's when root; exits in words when it cannot. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (!isRoot) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`,
    );
    console.error(
      '(or set CHROMIUM_PATH to a Chromium or Chrome binary). Playwright must not download its own browser.',
    );
    process.exit(1);
  }
  apt(['chromium']);
  return CHROMIUM;
}

const PG_PORT = Number(process.env.TEST_PG_PORT || 5432);

/**
 * A PostgreSQL 15 URL for the integration tests: TEST_DATABASE_URL when given; otherwise Debian's cluster, installed
 * and started when root. Returns undefined (the PostgreSQL variants then say they were not run) only when the
 * machine cannot have one and TEST_REQUIRE_POSTGRES is unset.
 */
export async function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const hasServer = existsSync('/usr/lib/postgresql/15/bin/postgres');
  if (!hasServer) {
    if (!isRoot) {
      console.error('PostgreSQL 15 is missing. Install it with: sudo apt-get install -y postgresql');
      console.error('(or set TEST_DATABASE_URL to a PostgreSQL 15 database the tests may use).');
      process.exit(1);
    }
    apt(['postgresql']);
  }
  if (!isRoot) {
    console.error('Starting PostgreSQL needs root; set TEST_DATABASE_URL to a database the tests may use.');
    process.exit(1);
  }
  const started = spawnSync('pg_ctlcluster', ['15', 'main', 'status'], { encoding: 'utf8' });
  if (started.status !== 0) execSync('pg_ctlcluster 15 main start', { stdio: 'inherit' });
  const sql = (statement) =>
    spawnSync('su', ['postgres', '-c', `psql -p ${PG_PORT} -tAc "${statement}"`], { encoding: 'utf8' });
  if (!sql("SELECT 1 FROM pg_roles WHERE rolname='homeagent'").stdout.includes('1')) {
    sql("CREATE ROLE homeagent LOGIN PASSWORD 'homeagent' CREATEDB");
  }
  if (!sql("SELECT 1 FROM pg_database WHERE datname='homeagent_test'").stdout.includes('1')) {
    sql('CREATE DATABASE homeagent_test OWNER homeagent');
  }
  return `postgres://homeagent:homeagent@127.0.0.1:${PG_PORT}/homeagent_test`;
}

const HAPROXY = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';

/** The path of Debian's haproxy, installing it when root; exits in words when it cannot. */
export function ensureHaproxy() {
  if (existsSync(HAPROXY)) return HAPROXY;
  if (!isRoot) {
    console.error(
      `haproxy is missing at ${HAPROXY}. Install it with: sudo apt-get update && sudo apt-get install -y haproxy`,
    );
    console.error('(or set HAPROXY_PATH). The multi-instance gateway test runs three gateways behind it.');
    process.exit(1);
  }
  apt(['haproxy']);
  return HAPROXY;
}
