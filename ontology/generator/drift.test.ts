import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDrift, findDrift } from './drift';
import { generateOntology } from './pipeline';
import { copyOntology, GENERATED_DIR, ONTOLOGY_ROOT } from './testing/copy-ontology';
import { runGenerator } from './testing/run-generator';

describe('drift between the Turtle and src/ontology/*.generated.ts', { timeout: 60_000 }, () => {
  it('the committed generated files are exactly what the Turtle produces', async () => {
    const files = await generateOntology({ sourceRoot: ONTOLOGY_ROOT });
    expect(findDrift(files, GENERATED_DIR)).toEqual([]);
  });

  it('a changed source is found as drift, with the file and its first differing line in words', async () => {
    const copy = copyOntology();
    copy.edit('capabilities.ttl', (text) => text.replace('rdfs:label "Send USDC"', 'rdfs:label "Send some USDC"'));
    const drift = findDrift(await generateOntology({ sourceRoot: copy.source }), copy.out);
    expect(drift.map((d) => [d.file, d.kind])).toEqual([
      ['capabilities.generated.ts', 'changed'],
      ['manifest.generated.ts', 'changed'],
    ]);
    const summary = describeDrift(drift, 'src/ontology');
    expect(summary).toContain('src/ontology/capabilities.generated.ts: 1 line(s) differ');
    expect(summary).toContain("expected: label: 'Send some USDC',");
    expect(summary).toContain("on disk:  label: 'Send USDC',");
  });

  it('a generated file the Turtle no longer produces, or one that is missing, is drift too', async () => {
    const copy = copyOntology();
    writeFileSync(join(copy.out, 'stale.generated.ts'), 'export {};\n');
    writeFileSync(join(copy.out, 'skills.generated.ts'), '');
    rmSync(join(copy.out, 'eval-cases.generated.ts'));
    const files = new Map(await generateOntology({ sourceRoot: copy.source }));
    const kinds = findDrift(files, copy.out)
      .map((d) => `${d.file}:${d.kind}`)
      .sort();
    expect(kinds).toEqual([
      'eval-cases.generated.ts:missing',
      'skills.generated.ts:changed',
      'stale.generated.ts:extra',
    ]);
  });

  it('`--check` exits non-zero with the summary; writing then leaves no drift', async () => {
    const copy = copyOntology();
    copy.edit('health-portal.ttl', (text) => text.replace('hp:milestoneDueHours 168', 'hp:milestoneDueHours 170'));
    const check = runGenerator(['--check', '--source', copy.source, '--out', copy.out]);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain('health-portal.generated.ts');
    expect(check.stderr).toContain('Run `npm run ontology`');
    const before = readFileSync(join(copy.out, 'health-portal.generated.ts'), 'utf8');
    expect(before).toContain('dueHours: 168');
    expect(runGenerator(['--source', copy.source, '--out', copy.out]).status).toBe(0);
    expect(readFileSync(join(copy.out, 'health-portal.generated.ts'), 'utf8')).toContain('dueHours: 170');
    expect(findDrift(await generateOntology({ sourceRoot: copy.source }), copy.out)).toEqual([]);
  });
});
