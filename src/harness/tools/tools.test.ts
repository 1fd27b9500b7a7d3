import { describe, expect, it } from 'vitest';
import { GENERATED_ONTOLOGY } from '../kernel/ontology';
import type { PlaybookScope } from '../playbook/playbook';
import { buildTools, skillTools, toolSpec } from './tools';

const scope = (capabilityIds: string[], skillIds: string[] = []): PlaybookScope => ({
  archetypeId: 'x',
  archetypeVersion: '1',
  digest: `0x${'00'.repeat(32)}`,
  capabilityIds,
  skillIds,
  instructions: '',
  specialists: [],
  declaredEffects: [],
});

describe('buildTools (seed 001 step 2)', () => {
  it('offers exactly the playbook’s capabilities and skills, plus the meta tools, with utterances as examples', () => {
    const org = GENERATED_ONTOLOGY.archetypes['organization-agent']!;
    const tools = buildTools(GENERATED_ONTOLOGY, scope([...org.capabilityIds], [...org.skillIds]));
    expect([...tools.keys()].sort()).toEqual(
      [...new Set([...org.capabilityIds, 'ask.clarify', 'ask.unsupported'])].sort(),
    );
    expect(skillTools(tools).map((t) => t.id)).toEqual([...org.skillIds]);
    expect(tools.get('grant-inquiry-letter')!.examples.length).toBeGreaterThan(0);
    expect(tools.has('payment.usdc.send')).toBe(false);
  });

  it('a bare harness offers only the meta tools; a duplicate or unknown id is a broken playbook and throws', () => {
    expect([...buildTools(GENERATED_ONTOLOGY, null).keys()].sort()).toEqual(['ask.clarify', 'ask.unsupported']);
    expect(() => buildTools(GENERATED_ONTOLOGY, scope(['person.contact.list', 'person.contact.list']))).toThrow(
      /offered twice/,
    );
    expect(() => buildTools(GENERATED_ONTOLOGY, scope(['no.such.tool']))).toThrow(/does not define/);
  });

  it('shows the planner the contract — id, kind, args, examples — and nothing of authority', () => {
    const spec = toolSpec(buildTools(GENERATED_ONTOLOGY, scope(['payment.usdc.send'])).get('payment.usdc.send')!);
    expect(spec.args.map((a) => a.name)).toEqual(['amount', 'recipient', 'token', 'memo']);
    expect(Object.keys(spec)).not.toContain('risk');
    expect(Object.keys(spec)).not.toContain('authority');
  });
});
