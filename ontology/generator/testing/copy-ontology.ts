import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { onTestFinished } from 'vitest';

/** The real ontology directory and the real generated output, for tests. */
export const ONTOLOGY_ROOT = resolve(import.meta.dirname, '..', '..');
export const GENERATED_DIR = resolve(ONTOLOGY_ROOT, '..', 'src', 'ontology');

/**
 * A scratch copy of the ontology's sources (Turtle, shapes, archetypes, skills; not the generator) and of the
 * generated files, so a test can break a source and watch the generator refuse without touching the repository.
 * The copy is removed when the test finishes.
 */
export function copyOntology(): {
  source: string;
  out: string;
  edit: (path: string, change: (text: string) => string) => void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'ontology-test-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const source = join(dir, 'ontology');
  const out = join(dir, 'generated');
  cpSync(ONTOLOGY_ROOT, source, { recursive: true, filter: (path) => !path.includes(`${ONTOLOGY_ROOT}/generator`) });
  cpSync(GENERATED_DIR, out, { recursive: true });
  const edit = (path: string, change: (text: string) => string) => {
    const full = join(source, path);
    const before = readFileSync(full, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`copyOntology.edit: the change to ${path} changed nothing`);
    writeFileSync(full, after);
  };
  return { source, out, edit };
}
