import { parseTurtle } from './graph';
import { MODULES } from './modules';
import { emitManifest, MANIFEST_FILE } from './modules/manifest';
import { GraphReader } from './reader';
import { assertShapes } from './shacl';
import { readSources, type SourceFile } from './sources';
import { assertDeclaredDigests } from './digests';

export type GenerateOptions = {
  /** The ontology directory (Turtle, shapes/, archetypes/, skills/). */
  readonly sourceRoot: string;
  /** How the repository names that directory in emitted paths (default `ontology`). */
  readonly sourceLabel?: string;
};

/** The generated files, by file name under src/ontology, in a stable order. */
export type GeneratedFiles = ReadonlyMap<string, string>;

/**
 * Reads the ontology, validates it (Turtle syntax, SHACL shapes, every declared document digest) and prints every
 * generated module. Any failure throws a HomeError whose message says what is wrong and where; nothing is returned
 * half-made, so a caller can never write a partial set of files.
 */
export async function generateOntology(options: GenerateOptions): Promise<GeneratedFiles> {
  const sourceLabel = options.sourceLabel ?? 'ontology';
  const sources = readSources(options.sourceRoot);
  // The evaluation cases join the graph so the shapes can check what they name (a skill that exists); the
  // manifest still digests only the ontology proper.
  const data = parseTurtle([...sources.data, ...sources.evaluations]);
  const reader = new GraphReader(data);
  const shapes = [...sources.shapes, ...sources.evaluationShapes];
  if (shapes.length > 0) await assertShapes(data, parseTurtle(shapes), reader);
  assertDeclaredDigests(reader, sources.documents);
  const documents = new Map<string, SourceFile>(sources.documents.map((doc) => [doc.path, doc]));
  const ctx = { reader, sourceLabel, documents };
  const files = new Map<string, string>();
  for (const module of MODULES) files.set(module.file, module.emit(ctx));
  files.set(MANIFEST_FILE, emitManifest(ctx, sources));
  return new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
}
