/**
 * The namespaces of Home Agent's ontology. Every individual's id is its IRI with the namespace removed, so
 * `cap:payment.usdc.send` is the capability `payment.usdc.send` everywhere in the product.
 */
export const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  sh: 'http://www.w3.org/ns/shacl#',
  ha: 'urn:home-agent:ontology#',
  cap: 'urn:home-agent:capability:',
  skill: 'urn:home-agent:skill:',
  arch: 'urn:home-agent:archetype:',
  dom: 'urn:home-agent:domain:',
  out: 'urn:home-agent:outcome:',
  clu: 'urn:home-agent:cluster:',
  folder: 'urn:home-agent:cabinet:',
  setting: 'urn:home-agent:setting:',
  hp: 'urn:home-agent:health-portal#',
  role: 'urn:home-agent:health-portal:role:',
  desk: 'urn:home-agent:health-portal:desk:',
  ms: 'urn:home-agent:health-portal:milestone:',
  tool: 'urn:home-agent:health-portal:tool:',
  card: 'urn:home-agent:health-portal:card-skill:',
  theme: 'urn:home-agent:health-portal:theme:',
  esc: 'urn:home-agent:health-portal:escalation:',
  sym: 'urn:home-agent:health-portal:symptom:',
  cue: 'urn:home-agent:cue:',
  frame: 'urn:home-agent:frame:',
  apeval: 'urn:home-agent:eval#',
  evalcase: 'urn:home-agent:eval-case:',
  evalstate: 'urn:home-agent:eval-state:',
} as const;

export type Prefix = keyof typeof NS;

/** `rdf:type` and friends, spelled once. */
export const RDF_TYPE = `${NS.rdf}type`;
export const RDFS_LABEL = `${NS.rdfs}label`;
export const RDFS_COMMENT = `${NS.rdfs}comment`;

/** An IRI in a namespace: `iri('ha', 'risk')`. */
export const iri = (prefix: Prefix, local: string): string => `${NS[prefix]}${local}`;

/** The prefixed form a person reads in an error message (`cap:payment.usdc.send`), or `<iri>` when none applies. */
export function compact(value: string): string {
  let best: [Prefix, string] | undefined;
  for (const [prefix, ns] of Object.entries(NS) as [Prefix, string][]) {
    if (value.startsWith(ns) && (best === undefined || ns.length > best[1].length)) best = [prefix, ns];
  }
  return best === undefined ? `<${value}>` : `${best[0]}:${value.slice(best[1].length)}`;
}
