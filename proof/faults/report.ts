import type { SuiteReport, Table } from '../report';

/** One fault tried: what the product should do, what it did (in words), and whether that is what it should do. */
export type FaultRow = { group: string; fault: string; expected: string; observed: string; pass: boolean };

/** The faults suite's report: one table per group of faults, one target per group (every row passes). */
export function faultsReport(rows: readonly FaultRow[], notes: readonly string[]): SuiteReport {
  const groups = [...new Set(rows.map((r) => r.group))];
  const tables: Table[] = groups.map((g) => ({
    title: g,
    head: ['fault', 'expected', 'observed', 'pass'],
    rows: rows
      .filter((r) => r.group === g)
      .map((r) => [
        r.fault,
        r.expected,
        r.observed.replace(/\|/g, '/').replace(/\s*\n\s*/g, ' '),
        r.pass ? 'yes' : 'NO',
      ]),
  }));
  return {
    id: 'faults',
    title:
      'Faults: the worker stopped mid-payment, the gateway restarted, the RPC node gone, corrupted vault rows, a tampered backup',
    tables,
    targets: groups.map((g) => {
      const of = rows.filter((r) => r.group === g);
      const passed = of.filter((r) => r.pass).length;
      return { name: g, figure: `${passed}/${of.length} as expected`, met: passed === of.length };
    }),
    worst: rows.filter((r) => !r.pass).map((r) => `${r.group}: ${r.fault} — ${r.observed}`),
    notes: [...notes],
  };
}
