import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { refuse } from './errors';

/** One source file of the ontology, its path relative to the ontology root (posix) and its UTF-8 text. */
export type SourceFile = { readonly path: string; readonly text: string };

/** Every source the generator reads, by role. The manifest digests all of them. */
export type Sources = {
  readonly data: readonly SourceFile[]; // *.ttl at the root: the individuals
  readonly shapes: readonly SourceFile[]; // shapes/*.ttl: the SHACL rules
  readonly documents: readonly SourceFile[]; // archetypes/*.md and skills/*.md, digest-bound
  /**
   * eval/*.ttl: the evaluation cases (seed 001 §4). Validated by the same shapes against the whole graph, but kept
   * out of the manifest: adding a case must not move ONTOLOGY_DIGEST, which binds mandates and receipts. The
   * cases carry their own digests (eval-cases.generated.ts), and the held-out set's is locked.
   */
  readonly evaluations: readonly SourceFile[];
  /** eval/shapes/*.ttl: the SHACL rules for the cases, outside the manifest for the same reason. */
  readonly evaluationShapes: readonly SourceFile[];
};

const DOCUMENT_DIRS = ['archetypes', 'skills'];

function listFiles(root: string, dir: string, suffix: string): string[] {
  const full = dir === '' ? root : join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => (dir === '' ? entry.name : `${dir}/${entry.name}`))
    .sort();
}

function read(root: string, path: string): SourceFile {
  return { path, text: readFileSync(join(root, path), 'utf8') };
}

/** Reads the ontology at `root` (sorted by path, so the output never depends on the file system's order). */
export function readSources(root: string): Sources {
  if (!existsSync(root)) refuse('ONTOLOGY_SOURCE_MISSING', `There is no ontology directory at ${root}.`);
  const data = listFiles(root, '', '.ttl').map((path) => read(root, path));
  if (data.length === 0) refuse('ONTOLOGY_SOURCE_MISSING', `There is no Turtle (*.ttl) in ${root}.`);
  return {
    data,
    shapes: listFiles(root, 'shapes', '.ttl').map((path) => read(root, path)),
    documents: DOCUMENT_DIRS.flatMap((dir) => listFiles(root, dir, '.md')).map((path) => read(root, path)),
    evaluations: listFiles(root, 'eval', '.ttl').map((path) => read(root, path)),
    evaluationShapes: listFiles(root, 'eval/shapes', '.ttl').map((path) => read(root, path)),
  };
}

/** All sources in one sorted list (the manifest's view; the evaluation cases are not part of it). */
export function allSources(sources: Sources): SourceFile[] {
  return [...sources.data, ...sources.shapes, ...sources.documents].sort((a, b) => (a.path < b.path ? -1 : 1));
}
