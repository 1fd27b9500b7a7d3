import { digestOf, digestOfText } from '../../../src/protocol/digest';
import { exportConst, header, moduleText } from '../emit';
import { refuse } from '../errors';
import { allSources, type Sources } from '../sources';
import { iri } from '../vocab';
import type { ModuleContext } from './module';

/**
 * src/ontology/manifest.generated.ts: the ontology's version (ha:ontology ha:version) and its digest over every
 * source's text, so a mandate bound to ONTOLOGY_DIGEST is refused once any capability, skill or definition moves.
 * ONTOLOGY_DIGEST = digestOf({ sources: { '<label>/<path>': digestOfText(text) } }).
 */
export function emitManifest(ctx: ModuleContext, sources: Sources): string {
  const ontologies = ctx.reader.instancesOf(iri('ha', 'Ontology'));
  if (ontologies.length !== 1)
    refuse(
      'ONTOLOGY_INVALID',
      `There must be exactly one ha:Ontology node naming the version; there are ${ontologies.length}.`,
    );
  const version = ctx.reader.string(ontologies[0]!, iri('ha', 'version'));
  const digests = Object.fromEntries(
    allSources(sources).map((s) => [`${ctx.sourceLabel}/${s.path}`, digestOfText(s.text)]),
  );
  return moduleText([
    header('The ontology manifest: version, digest over every source, and each source digest.'),
    exportConst('The ontology version (ha:ontology ha:version).', 'ONTOLOGY_VERSION', 'string', version),
    exportConst(
      'digestOf({ sources: SOURCE_DIGESTS }): binds mandates and receipts to this exact ontology.',
      'ONTOLOGY_DIGEST',
      '`0x${string}`',
      digestOf({ sources: digests }),
    ),
    exportConst(
      'digestOfText of every source file (Turtle, shapes, archetype definitions, skill bodies).',
      'SOURCE_DIGESTS',
      'Readonly<Record<string, `0x${string}`>>',
      digests,
    ),
  ]);
}

export const MANIFEST_FILE = 'manifest.generated.ts';
