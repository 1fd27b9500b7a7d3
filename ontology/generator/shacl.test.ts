import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTurtle } from './graph';
import { generateOntology } from './pipeline';
import { GraphReader } from './reader';
import { describeViolations, validateShapes, type ShapeViolation } from './shacl';
import { readSources } from './sources';
import { copyOntology, ONTOLOGY_ROOT } from './testing/copy-ontology';
import { runGenerator } from './testing/run-generator';

const shapes = parseTurtle(readSources(ONTOLOGY_ROOT).shapes);
const PREFIXES = `@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix ha: <urn:home-agent:ontology#> . @prefix cap: <urn:home-agent:capability:> .
@prefix hp: <urn:home-agent:health-portal#> . @prefix role: <urn:home-agent:health-portal:role:> .
@prefix desk: <urn:home-agent:health-portal:desk:> . @prefix ms: <urn:home-agent:health-portal:milestone:> .
@prefix tool: <urn:home-agent:health-portal:tool:> . @prefix skill: <urn:home-agent:skill:> .
`;
const capability = (id: string, body: string) => `cap:${id} a ha:Capability ; rdfs:label "L" ; rdfs:comment "C" ;
  ha:executor "local" ; ha:authority "person" ; ${body} .`;

async function violations(turtle: string): Promise<ShapeViolation[]> {
  const data = parseTurtle([{ path: 'broken.ttl', text: PREFIXES + turtle }]);
  return validateShapes(data, shapes, new GraphReader(data));
}

describe('SHACL shapes, violations in words', { timeout: 60_000 }, () => {
  it('the real ontology conforms', async () => {
    const sources = readSources(ONTOLOGY_ROOT);
    const data = parseTurtle(sources.data);
    expect(await validateShapes(data, shapes, new GraphReader(data))).toEqual([]);
  });

  it('a capability without a risk names the node, the path and the rule', async () => {
    const found = await violations(capability('broken.thing', 'ha:kind "read" ; ha:informational true'));
    expect(found).toEqual([
      {
        focus: 'cap:broken.thing',
        path: 'ha:risk',
        message: 'every capability declares its risk: low, medium, high or critical',
        rule: 'MinCountConstraintComponent',
        value: undefined,
      },
    ]);
    expect(describeViolations(found)).toBe(
      '  - cap:broken.thing · ha:risk: every capability declares its risk: low, medium, high or critical [MinCountConstraintComponent]',
    );
  });

  it('a high-risk capability must name its approver role; a critical one its quorum and fresh window', async () => {
    const high = await violations(capability('pay.high', 'ha:kind "act" ; ha:informational false ; ha:risk "high"'));
    expect(high.map((v) => `${v.focus} ${v.message} [${v.rule}]`)).toEqual([
      'cap:pay.high a high or critical capability names the role whose holders approve it (ha:approverRole) [OrConstraintComponent]',
    ]);
    const critical = await violations(
      capability(
        'move.treasury',
        'ha:kind "act" ; ha:informational false ; ha:risk "critical" ; ha:approverRole "treasurer"',
      ),
    );
    expect(critical.map((v) => v.message)).toEqual([
      'a critical capability declares its quorum and its fresh-authorization window (ha:quorum, ha:freshSeconds)',
    ]);
  });

  it("self-authorization is only for low-risk acts under the person's own authority", async () => {
    const found = await violations(
      capability('invite.friend', 'ha:kind "act" ; ha:informational false ; ha:risk "medium" ; ha:selfAuthorized true'),
    );
    expect(found.map((v) => v.message)).toEqual([
      "only a low-risk act under the person's own authority may be self-authorized (DESIGN §10)",
    ]);
  });

  it('an informational act is refused', async () => {
    const found = await violations(capability('sneaky.write', 'ha:kind "act" ; ha:informational true ; ha:risk "low"'));
    expect(found.map((v) => v.rule)).toEqual(['OrConstraintComponent']);
    expect(found[0]?.message).toMatch(/an act is not informational/);
  });

  it('a milestone whose owner is not a role, or a role that may not record it, is refused', async () => {
    const found = await violations(`
      ms:visit-7d a hp:Milestone ; rdfs:label "Visit" ; hp:milestoneOwner cap:not-a-role ; hp:milestoneDueHours 168 .
      ms:diet a hp:Milestone ; rdfs:label "Diet" ; hp:milestoneOwner role:dietitian ; hp:milestoneDueHours 900 .
      role:dietitian a hp:CareRole .`);
    const lines = describeViolations(found.filter((v) => v.focus.startsWith('ms:')));
    expect(lines).toContain(
      'ms:visit-7d · hp:milestoneOwner: every milestone has exactly one owner, and the owner is a care-team role (hp:CareRole) (value: cap:not-a-role) [ClassConstraintComponent]',
    );
    expect(lines).toContain(
      "ms:diet · hp:milestoneOwner/hp:roleEntitles: a milestone's owner role must be entitled to milestone.record, or no one could record it [HasValueConstraintComponent]",
    );
    expect(lines).toContain('ms:diet · hp:milestoneDueHours: every milestone is due within the thirty days');
  });

  it('a HighConsequence tool offered to a model is refused', async () => {
    const found = await violations(
      'tool:order.change a hp:CoachTool ; rdfs:label "L" ; rdfs:comment "C" ; hp:face "care-team" ; hp:tier "HighConsequence" ; hp:needs desk:plan.write . desk:plan.write a hp:DeskCapability ; rdfs:label "P" .',
    );
    expect(found.map((v) => v.message)).toEqual([
      'no HighConsequence capability is ever offered to a model (seed 000 §3 step 1): catalogue it as hp:CatalogEntry',
    ]);
  });

  it('an instruction skill without its declared body digest is refused', async () => {
    const found =
      await violations(`skill:s a ha:InstructionSkill , ha:Capability ; rdfs:label "S" ; rdfs:comment "C" ; ha:kind "skill" ;
      ha:executor "instruction-skill" ; ha:informational true ; ha:risk "low" ; ha:authority "addressee" ; ha:covers "x" ; ha:excludes "y" ;
      ha:produces <urn:home-agent:outcome:o> ; ha:answerTemplate "{text}" ; ha:bodyPath "skills/s.md" .
      <urn:home-agent:outcome:o> a ha:OutcomeClass ; rdfs:label "O" ; ha:term "o" .`);
    expect(found.map((v) => `${v.focus} · ${v.path}: ${v.message}`)).toEqual([
      "skill:s · ha:bodyDigest: an instruction skill declares its body's digest (ha:bodyDigest, 0x + 64 hex)",
    ]);
  });

  it('the generator refuses a broken file and the command line writes nothing', async () => {
    const copy = copyOntology();
    copy.edit('capabilities.ttl', (text) =>
      text.replace('ha:risk "critical" ; ha:approverRole "treasurer" ; ha:quorum 2 ;', 'ha:risk "critical" ;'),
    );
    await expect(generateOntology({ sourceRoot: copy.source })).rejects.toMatchObject({
      code: 'ONTOLOGY_SHAPE_VIOLATION',
      message: expect.stringContaining(
        'cap:organization.treasury.transfer · (the node itself): a high or critical capability names the role whose holders approve it',
      ),
    });
    const before = readFileSync(join(copy.out, 'capabilities.generated.ts'), 'utf8');
    const run = runGenerator(['--source', copy.source, '--out', copy.out]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ONTOLOGY_SHAPE_VIOLATION');
    expect(run.stderr).toContain('cap:organization.treasury.transfer');
    expect(readFileSync(join(copy.out, 'capabilities.generated.ts'), 'utf8')).toBe(before);
  });
});
