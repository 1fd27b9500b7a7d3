import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { authoritySuite } from './authority/suite';
import { faultsSuite } from './faults/suite';
import { gatewaySuite } from './gateway/suite';
import { injectionSuite } from './injection/suite';
import { messagingSuite } from './messaging/suite';
import { renderReport, type ProofSuite, type SuiteReport } from './report';

/**
 * `npm run proof` — the adversarial suite, one table per suite; `npm run proof -- <suite> …` runs those
 * only; `--markdown` prints the tables as Markdown; `--write` (a full run) also writes them into PROOF.md's latest-run
 * section; `--json` prints the reports. Exits 1 when any
 * target is missed (attack success above 0, a control below 90%, any HTTP 500, any crash), 2 on a bad argument.
 *
 * Every adversarial suite is here: injection, authority, gateway, messaging and faults. A suite still to come would
 * have its place in PENDING, printed as pending, so a run says what it does not yet prove. The benchmarks live in
 * `npm run bench` (bench/), not here.
 */
const SUITES: ProofSuite[] = [injectionSuite, authoritySuite, gatewaySuite, messagingSuite, faultsSuite];

const PENDING: { id: string; why: string }[] = [];

export async function runSuites(wanted: readonly string[]): Promise<SuiteReport[]> {
  const reports: SuiteReport[] = [];
  for (const suite of SUITES.filter((s) => wanted.length === 0 || wanted.includes(s.id))) {
    try {
      reports.push(await suite.run());
    } catch (error) {
      // A crash is a missed target, in words.
      const message = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
      reports.push({
        id: suite.id,
        title: suite.title,
        tables: [],
        targets: [{ name: 'the suite ran to the end', figure: `crashed: ${message.slice(0, 600)}`, met: false }],
        worst: [],
        notes: [],
      });
    }
  }
  return reports;
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
const BEGIN = '<!-- proof:latest-run:begin -->';
const END = '<!-- proof:latest-run:end -->';

/** Puts the latest run's tables into PROOF.md between its markers (a full run only: every suite, every target). */
function writeProofMd(reports: readonly SuiteReport[], seconds: number, startLoad: string): void {
  const path = fileURLToPath(new URL('../PROOF.md', import.meta.url));
  const doc = readFileSync(path, 'utf8');
  const at = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (at < 0 || end < at) throw new Error(`PROOF.md has no ${BEGIN} … ${END} section to write into.`);
  const stamp =
    `Run on ${new Date().toISOString().slice(0, 10)} with Node ${process.versions.node} on ${cpus().length} CPUs, ${seconds.toFixed(0)} s: \`npm run proof -- --write\`; ` +
    `load average (1 / 5 / 15 min) ${startLoad} at the start, ${load()} at the end.`;
  const body = [
    stamp,
    ...reports.map((r) => renderReport(r, true)),
    ...PENDING.map((p) => `\n### ${p.id} (pending)\n\n${p.why}.`),
  ].join('\n');
  writeFileSync(path, `${doc.slice(0, at + BEGIN.length)}\n${body}\n${doc.slice(end)}`);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const markdown = args.includes('--markdown');
  const json = args.includes('--json');
  const wanted = args.filter((a) => !a.startsWith('--'));
  const known = [...SUITES.map((s) => s.id), ...PENDING.map((p) => p.id)];
  const unknown = wanted.filter((w) => !known.includes(w));
  if (unknown.length > 0) {
    console.error(`Unknown proof suite: ${unknown.join(', ')}. Available: ${SUITES.map((s) => s.id).join(', ')}.`);
    return 2;
  }
  const started = performance.now();
  const startLoad = load();
  const reports = await runSuites(wanted);
  if (json) console.log(JSON.stringify(reports, null, 2));
  else for (const r of reports) console.log(renderReport(r, markdown));
  const pending = PENDING.filter((p) => wanted.length === 0 || wanted.includes(p.id));
  if (!json) for (const p of pending) console.log(`\n▶ ${p.id}: pending — ${p.why}`);
  const missed = reports.flatMap((r) => r.targets.filter((t) => !t.met).map((t) => `${r.id}: ${t.name} (${t.figure})`));
  if (write && wanted.length === 0) writeProofMd(reports, (performance.now() - started) / 1000, startLoad);
  else if (write) console.error('--write updates PROOF.md only from a full run (no suite named).');
  if (!json) {
    console.log(
      `\n${missed.length === 0 ? 'every target met' : `${missed.length} target(s) missed:\n  ${missed.join('\n  ')}`} — ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return missed.length === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
