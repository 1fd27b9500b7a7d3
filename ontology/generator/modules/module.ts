import type { GraphReader } from '../reader';
import type { SourceFile } from '../sources';

/** What every module builder gets: the typed reader over the validated graph and the digest-checked documents. */
export type ModuleContext = {
  readonly reader: GraphReader;
  /** The ontology root as the repository names it (`ontology`), used in emitted paths such as `bodyPath`. */
  readonly sourceLabel: string;
  /** archetypes/*.md and skills/*.md by path relative to the root, already checked against their declared digests. */
  readonly documents: ReadonlyMap<string, SourceFile>;
};

/** One generated file: its name under src/ontology and the function that prints it. */
export type OntologyModule = { readonly file: string; readonly emit: (ctx: ModuleContext) => string };
