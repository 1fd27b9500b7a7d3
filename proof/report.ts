/**
 * What every proof suite reports: tables of figures, the targets it is held to (each met or missed, with
 * the figure that decided it), the worst cases it found, and notes on what it does not cover. `npm run proof`
 * prints these and exits non-zero when any target is missed; PROOF.md carries the latest run.
 */
export type Table = { title: string; head: string[]; rows: (string | number)[][] };
export type Target = { name: string; figure: string; met: boolean };
export type SuiteReport = {
  id: string;
  title: string;
  tables: Table[];
  targets: Target[];
  worst: string[];
  notes: string[];
};
export type ProofSuite = { id: string; title: string; run: () => Promise<SuiteReport> };

export const pct = (n: number, of: number): string =>
  of === 0 ? 'n/a' : `${((100 * n) / of).toFixed(of >= 100 ? 1 : 0)}%`;

/** A table as aligned plain text (the terminal) or as Markdown (PROOF.md). */
export function renderTable(t: Table, markdown: boolean): string {
  const cells = [t.head, ...t.rows.map((r) => r.map(String))];
  if (markdown) {
    const line = (r: readonly string[]) => `| ${r.join(' | ')} |`;
    return [`**${t.title}**`, '', line(cells[0]!), line(cells[0]!.map(() => '---')), ...cells.slice(1).map(line)].join(
      '\n',
    );
  }
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [t.title, line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

export function renderReport(r: SuiteReport, markdown: boolean): string {
  const out: string[] = [markdown ? `\n### ${r.title}` : `\n▶ ${r.id}: ${r.title}`];
  for (const t of r.tables) out.push('', renderTable(t, markdown));
  out.push('', markdown ? '**Targets**' : 'targets');
  for (const t of r.targets)
    out.push(
      markdown
        ? `- ${t.met ? 'met' : '**MISSED**'} — ${t.name}: ${t.figure}`
        : `  ${t.met ? 'met   ' : 'MISSED'} ${t.name}: ${t.figure}`,
    );
  if (r.worst.length > 0) {
    out.push('', markdown ? '**Worst cases found**' : 'worst cases found');
    for (const w of r.worst) out.push(`${markdown ? '- ' : '  '}${w}`);
  }
  if (r.notes.length > 0) {
    out.push('', markdown ? '**Notes**' : 'notes');
    for (const n of r.notes) out.push(`${markdown ? '- ' : '  '}${n}`);
  }
  return out.join('\n');
}
