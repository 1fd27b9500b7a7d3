import type { Term } from '@rdfjs/types';
import SHACLValidator from 'rdf-validate-shacl';
import { refuse } from './errors';
import type { Graph } from './graph';
import type { GraphReader } from './reader';
import { compact, NS } from './vocab';

/** One SHACL violation in words: the node at fault, the property path, and the rule's own message. */
export type ShapeViolation = { focus: string; path: string; message: string; rule: string; value?: string };

function describePath(shapes: Graph, path: Term | null | undefined): string {
  if (path === null || path === undefined) return '(the node itself)';
  if (path.termType === 'NamedNode') return compact(path.value);
  // A complex path (a sequence through an RDF list, say): name the shape's sh:name when there is one.
  const named = shapes.quads.find((q) => q.object.equals(path) && q.predicate.value === `${NS.sh}path`);
  const name =
    named === undefined
      ? undefined
      : shapes.quads.find((q) => q.subject.equals(named.subject) && q.predicate.value === `${NS.sh}name`);
  return name === undefined ? '(a path)' : name.object.value;
}

/** Validates the data graph against the shapes; every violation becomes a sentence a person can act on. */
export async function validateShapes(data: Graph, shapes: Graph, reader: GraphReader): Promise<ShapeViolation[]> {
  const validator = new SHACLValidator(shapes.store);
  const report = await validator.validate(data.store);
  return report.results
    .filter((result) => result.severity?.value !== `${NS.sh}Info`)
    .map((result) => {
      const focus =
        result.focusNode === null || result.focusNode === undefined
          ? '(unknown node)'
          : reader.describe(result.focusNode as never);
      const value =
        result.value === null || result.value === undefined ? undefined : reader.describe(result.value as never);
      return {
        focus,
        path: describePath(shapes, result.path),
        message: result.message.map((m) => m.value).join(' ') || 'violates a shape',
        rule: compact(result.sourceConstraintComponent?.value ?? `${NS.sh}Constraint`).replace(/^sh:/, ''),
        value,
      };
    })
    .sort((a, b) => (`${a.focus} ${a.path} ${a.message}` < `${b.focus} ${b.path} ${b.message}` ? -1 : 1));
}

/** `cap:x ha:risk: every capability declares its risk (MinCountConstraintComponent)` — one line per violation. */
export function describeViolations(violations: readonly ShapeViolation[]): string {
  return violations
    .map(
      (v) =>
        `  - ${v.focus} · ${v.path}: ${v.message}${v.value === undefined ? '' : ` (value: ${v.value})`} [${v.rule}]`,
    )
    .join('\n');
}

/** Refuses to generate when any shape is violated. */
export async function assertShapes(data: Graph, shapes: Graph, reader: GraphReader): Promise<void> {
  const violations = await validateShapes(data, shapes, reader);
  if (violations.length === 0) return;
  refuse(
    'ONTOLOGY_SHAPE_VIOLATION',
    `The ontology breaks ${violations.length} SHACL rule${violations.length === 1 ? '' : 's'}; nothing was generated:\n${describeViolations(violations)}`,
    { violations },
  );
}
