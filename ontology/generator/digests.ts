import { digestOfText } from '../../src/protocol/digest';
import { refuse } from './errors';
import type { GraphReader } from './reader';
import type { SourceFile } from './sources';
import { iri } from './vocab';

/** The (path, digest) property pairs by which Turtle declares a document: archetype definitions and skill bodies. */
const DECLARATIONS = [
  { path: iri('ha', 'definitionPath'), digest: iri('ha', 'definitionDigest') },
  { path: iri('ha', 'bodyPath'), digest: iri('ha', 'bodyDigest') },
] as const;

/** Every document a node declares: the node, the path it names and the digest it promises. */
export function declaredDocuments(reader: GraphReader): { node: string; path: string; digest: string }[] {
  return DECLARATIONS.flatMap(({ path, digest }) =>
    reader.subjectsWith(path).map((node) => ({
      node: reader.describe(node),
      path: reader.string(node, path),
      digest: reader.string(node, digest),
    })),
  );
}

/**
 * Each declared digest must be digestOfText (keccak256 over the UTF-8) of the file it names, and every document
 * must be declared. A playbook is pinned by this digest (seed 001 §3 step 1): an edited body that is not
 * re-declared would be a silent change of what an agent knows how to do, so the generator refuses, naming the file.
 */
export function assertDeclaredDigests(reader: GraphReader, documents: readonly SourceFile[]): void {
  const declared = declaredDocuments(reader);
  const problems: string[] = [];
  for (const { node, path, digest } of declared) {
    const doc = documents.find((d) => d.path === path);
    if (doc === undefined) {
      problems.push(`${node} declares ${path}, but there is no such file.`);
      continue;
    }
    const actual = digestOfText(doc.text);
    if (actual !== digest)
      problems.push(
        `${path} does not match the digest ${node} declares (declared ${digest}, the file's is ${actual}). Review the change, then declare the new digest.`,
      );
  }
  for (const doc of documents) {
    if (!declared.some((d) => d.path === doc.path))
      problems.push(`${doc.path} is not declared by any node (ha:definitionPath or ha:bodyPath).`);
  }
  if (problems.length > 0)
    refuse(
      'ONTOLOGY_DIGEST_MISMATCH',
      `Document digests do not hold; nothing was generated:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      { problems },
    );
}
