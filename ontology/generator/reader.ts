import type { Quad, Term } from 'n3';
import { refuse } from './errors';
import type { Graph } from './graph';
import { compact, NS, RDF_TYPE, type Prefix } from './vocab';

const RDF_FIRST = `${NS.rdf}first`;
const RDF_REST = `${NS.rdf}rest`;
const RDF_NIL = `${NS.rdf}nil`;

/**
 * A small typed reader over the graph. Every accessor either returns what the generated module needs or refuses
 * in words naming the node and the property, so a gap in the Turtle never becomes an `undefined` in the output.
 * SHACL checks the same things first; the reader's refusals are the generator's own invariants.
 */
export class GraphReader {
  private readonly index = new Map<string, Term[]>();
  private readonly referrers = new Map<string, Quad>();

  constructor(private readonly graph: Graph) {
    for (const quad of graph.quads) {
      const key = `${quad.subject.id} ${quad.predicate.value}`;
      const list = this.index.get(key) ?? [];
      list.push(quad.object);
      this.index.set(key, list);
      if (quad.object.termType === 'BlankNode' && !this.referrers.has(quad.object.id))
        this.referrers.set(quad.object.id, quad);
    }
  }

  /** A node as a person reads it: `cap:x`, or for a blank node the property that holds it (`cap:x ha:arg […]`). */
  describe(term: Term): string {
    if (term.termType !== 'BlankNode') return compact(term.value);
    const holder = this.referrers.get(term.id);
    return holder === undefined
      ? '[a blank node]'
      : `${this.describe(holder.subject)} ${compact(holder.predicate.value)} […]`;
  }

  /** Subjects typed `type`, sorted by IRI (the output never depends on which file declared them first). */
  instancesOf(type: string): Term[] {
    const found = this.graph.quads
      .filter((q) => q.predicate.value === RDF_TYPE && q.object.value === type)
      .map((q) => q.subject);
    return [...new Map(found.map((t) => [t.id, t])).values()].sort((a, b) => (a.value < b.value ? -1 : 1));
  }

  /** Every subject that has `predicate`, sorted by IRI. */
  subjectsWith(predicate: string): Term[] {
    const found = this.graph.quads.filter((q) => q.predicate.value === predicate).map((q) => q.subject);
    return [...new Map(found.map((t) => [t.id, t])).values()].sort((a, b) => (a.value < b.value ? -1 : 1));
  }

  /** All objects of (subject, predicate) in document order. */
  objects(subject: Term, predicate: string): Term[] {
    return this.index.get(`${subject.id} ${predicate}`) ?? [];
  }

  optionalObject(subject: Term, predicate: string): Term | undefined {
    const found = this.objects(subject, predicate);
    if (found.length > 1)
      refuse(
        'ONTOLOGY_INVALID',
        `${this.describe(subject)} has ${found.length} values for ${compact(predicate)}; it may have one.`,
      );
    return found[0];
  }

  object(subject: Term, predicate: string): Term {
    const found = this.optionalObject(subject, predicate);
    if (found === undefined) refuse('ONTOLOGY_INVALID', `${this.describe(subject)} has no ${compact(predicate)}.`);
    return found;
  }

  optionalString(subject: Term, predicate: string): string | undefined {
    const term = this.optionalObject(subject, predicate);
    if (term === undefined) return undefined;
    if (term.termType !== 'Literal')
      refuse('ONTOLOGY_INVALID', `${this.describe(subject)} ${compact(predicate)} must be a literal.`);
    return term.value;
  }

  string(subject: Term, predicate: string): string {
    const value = this.optionalString(subject, predicate);
    if (value === undefined) refuse('ONTOLOGY_INVALID', `${this.describe(subject)} has no ${compact(predicate)}.`);
    return value;
  }

  strings(subject: Term, predicate: string): string[] {
    return this.objects(subject, predicate).map((term) => {
      if (term.termType !== 'Literal')
        refuse('ONTOLOGY_INVALID', `${this.describe(subject)} ${compact(predicate)} must be literals.`);
      return term.value;
    });
  }

  optionalInteger(subject: Term, predicate: string): number | undefined {
    const value = this.optionalString(subject, predicate);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value))
      refuse('ONTOLOGY_INVALID', `${this.describe(subject)} ${compact(predicate)} must be an integer, not "${value}".`);
    return Number(value);
  }

  integer(subject: Term, predicate: string): number {
    const value = this.optionalInteger(subject, predicate);
    if (value === undefined) refuse('ONTOLOGY_INVALID', `${this.describe(subject)} has no ${compact(predicate)}.`);
    return value;
  }

  optionalNumber(subject: Term, predicate: string): number | undefined {
    const value = this.optionalString(subject, predicate);
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (!Number.isFinite(parsed))
      refuse('ONTOLOGY_INVALID', `${this.describe(subject)} ${compact(predicate)} must be a number, not "${value}".`);
    return parsed;
  }

  boolean(subject: Term, predicate: string, fallback?: boolean): boolean {
    const value = this.optionalString(subject, predicate);
    if (value === undefined && fallback !== undefined) return fallback;
    if (value !== 'true' && value !== 'false')
      refuse('ONTOLOGY_INVALID', `${this.describe(subject)} ${compact(predicate)} must be true or false.`);
    return value === 'true';
  }

  /** The members of the RDF collection that is the single object of (subject, predicate). */
  list(subject: Term, predicate: string): Term[] {
    const members: Term[] = [];
    let cell = this.object(subject, predicate);
    while (cell.value !== RDF_NIL) {
      if (members.length > 10_000)
        refuse('ONTOLOGY_INVALID', `${this.describe(subject)} ${compact(predicate)} is not a finite list.`);
      members.push(this.object(cell, RDF_FIRST));
      cell = this.object(cell, RDF_REST);
    }
    return members;
  }

  /** The id of a named node in a namespace: `cap:payment.usdc.send` → `payment.usdc.send`. */
  id(term: Term, prefix: Prefix): string {
    const ns = NS[prefix];
    if (term.termType !== 'NamedNode' || !term.value.startsWith(ns) || term.value.length === ns.length) {
      refuse('ONTOLOGY_INVALID', `${this.describe(term)} is not in the ${prefix}: namespace (${ns}).`);
    }
    return term.value.slice(ns.length);
  }

  /** Ids of all the objects of (subject, predicate), each in `prefix`'s namespace. */
  ids(subject: Term, predicate: string, prefix: Prefix): string[] {
    return this.objects(subject, predicate).map((term) => this.id(term, prefix));
  }
}
