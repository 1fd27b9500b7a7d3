import { Parser, Store, type Quad } from 'n3';
import { refuse } from './errors';
import type { SourceFile } from './sources';

/**
 * The parsed ontology: an n3 Store (what SHACL validates) and the quads in document order (what the reader uses,
 * so multi-valued literals keep the order their author wrote them in).
 */
export type Graph = { readonly store: Store; readonly quads: readonly Quad[] };

/** Parses Turtle files into one graph; a syntax error names the file and the line. */
export function parseTurtle(files: readonly SourceFile[]): Graph {
  const quads: Quad[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    let parsed: Quad[];
    try {
      // A fixed blank-node prefix per file keeps blank nodes apart across files and stable across runs.
      parsed = new Parser({ format: 'text/turtle', blankNodePrefix: `${file.path}#` }).parse(file.text);
    } catch (error) {
      refuse('ONTOLOGY_PARSE', `${file.path} is not valid Turtle: ${(error as Error).message}`);
    }
    for (const quad of parsed) {
      const key = `${quad.subject.id} ${quad.predicate.id} ${quad.object.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      quads.push(quad);
    }
  }
  return { store: new Store(quads), quads };
}
