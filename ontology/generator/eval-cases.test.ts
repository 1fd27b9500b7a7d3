import { describe, expect, it } from 'vitest';
import { EVAL_CASES } from '../../src/ontology/eval-cases.generated';
import { findDrift } from './drift';
import { parseTurtle } from './graph';
import { generateOntology } from './pipeline';
import { GraphReader } from './reader';
import { validateShapes } from './shacl';
import { readSources } from './sources';
import { copyOntology, ONTOLOGY_ROOT } from './testing/copy-ontology';

const sources = readSources(ONTOLOGY_ROOT);
const shapes = parseTurtle([...sources.shapes, ...sources.evaluationShapes]);
const PREFIXES = `@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix apeval: <urn:home-agent:eval#> .
@prefix evalcase: <urn:home-agent:eval-case:> . @prefix evalstate: <urn:home-agent:eval-state:> .
@prefix cap: <urn:home-agent:capability:> . @prefix skill: <urn:home-agent:skill:> .
`;

/** The shapes' messages for one case, over the real ontology (so what it names can exist or not). */
async function messagesFor(turtle: string): Promise<string[]> {
  const data = parseTurtle([
    ...sources.data,
    ...sources.evaluations,
    { path: 'eval/broken.ttl', text: PREFIXES + turtle },
  ]);
  return (await validateShapes(data, shapes, new GraphReader(data)))
    .filter((v) => v.focus.includes('broken'))
    .map((v) => v.message);
}
const base =
  'evalcase:broken a apeval:EvalCase ; apeval:set "dev" ; apeval:asker "alice" ; apeval:addressee "missio-nexus" ; apeval:ask "Draft the rota." ;';

describe('evaluation cases in the ontology', { timeout: 60_000 }, () => {
  it("at least three hundred, over both playbooks, with seed 001 §5's nine asks in the held-out set", () => {
    expect(EVAL_CASES.length).toBeGreaterThanOrEqual(300);
    expect(new Set(EVAL_CASES.map((c) => c.addressee))).toEqual(new Set(['alice', 'missio-nexus']));
    const seed = EVAL_CASES.filter((c) => c.id.startsWith('heldout-seed-5-'));
    expect(seed.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `heldout-seed-5-${n}`));
    expect(seed.map((c) => c.expectedBehaviour)).toEqual([
      'route',
      'route',
      'route',
      'route',
      'route',
      'clarify',
      'several',
      'decline',
      'route',
    ]);
    expect(new Set(EVAL_CASES.map((c) => c.expectedBehaviour))).toEqual(
      new Set(['route', 'decline', 'clarify', 'several', 'help']),
    );
  });

  it('the real cases conform to their shapes', async () => {
    const data = parseTurtle([...sources.data, ...sources.evaluations]);
    expect(await validateShapes(data, shapes, new GraphReader(data))).toEqual([]);
  });

  it('a route case names its skill, and what it names exists', async () => {
    expect(await messagesFor(`${base} apeval:expectedBehaviour "route" .`)).toEqual([
      'a route case names the one skill it routes to (apeval:expectedSkill) and no options',
    ]);
    expect(
      await messagesFor(`${base} apeval:expectedBehaviour "route" ; apeval:expectedSkill skill:catering-order .`),
    ).toEqual(['an expected skill is one capability of the ontology']);
  });

  it('clarify names at least two options; decline expects nothing; the behaviour is one of five', async () => {
    expect(
      await messagesFor(`${base} apeval:expectedBehaviour "clarify" ; apeval:expectedOption skill:volunteer-roster .`),
    ).toEqual([
      'a clarify or several case names at least two options (apeval:expectedOption) and no single expected skill',
    ]);
    expect(
      await messagesFor(`${base} apeval:expectedBehaviour "decline" ; apeval:expectedSkill skill:volunteer-roster .`),
    ).toEqual(['a decline case expects no skill (gold null)']);
    expect(await messagesFor(`${base} apeval:expectedBehaviour "guess" .`)).toContain(
      'every case expects one behaviour: route, decline, clarify, several or help (what this agent can do)',
    );
  });

  it('adding a case regenerates only eval-cases.generated.ts: the ontology digest that binds mandates does not move', async () => {
    const copy = copyOntology();
    copy.edit(
      'eval/cases-dev.ttl',
      (text) =>
        `${text}\nevalcase:dev-99 a apeval:EvalCase ; apeval:set "dev" ; apeval:asker "alice" ; apeval:addressee "alice" ;\n  apeval:ask "What is in my vault?" ; apeval:expectedBehaviour "route" ; apeval:expectedSkill cap:records.list .\n`,
    );
    const drift = findDrift(await generateOntology({ sourceRoot: copy.source }), copy.out);
    expect(drift.map((d) => d.file)).toEqual(['eval-cases.generated.ts']);
  });
});
