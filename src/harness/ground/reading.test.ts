import { describe, expect, it } from 'vitest';
import { GENERATED_ONTOLOGY } from '../kernel/ontology';
import { buildTools } from '../tools/tools';
import type { PlaybookScope } from '../playbook/playbook';
import { classifyOpenIntent } from './open-intent';
import { namesNothing, playbookDomain, typedReading } from './reading';
import { saysTerm } from './terms';

const tools = (id: string) => {
  const a = GENERATED_ONTOLOGY.archetypes[id]!;
  const scope: PlaybookScope = {
    archetypeId: a.id,
    archetypeVersion: a.version,
    digest: a.definitionDigest,
    capabilityIds: a.capabilityIds,
    skillIds: a.skillIds,
    instructions: '',
    specialists: [],
    declaredEffects: [],
  };
  return buildTools(GENERATED_ONTOLOGY, scope);
};
const read = (words: string, id: string) =>
  typedReading({ words, ontology: GENERATED_ONTOLOGY, tools: tools(id), relation: 'self', outcome: null });

describe('the typed reading (seed 001 step 3.4)', () => {
  it('names the domain terms and tools the words carry, with cluster neighbours', () => {
    const r = read('Is our intake screening model okay to keep using?', 'organization-agent');
    expect(r.terms.map((t) => t.classId)).toEqual(expect.arrayContaining(['screening-model', 'model-risk']));
    expect(r.toolsNamed).toEqual(expect.arrayContaining(['intake-screening-model-review', 'model-risk-check']));
  });

  it('keeps to the playbook’s domain: volunteering is the organization’s, not the person’s', () => {
    const words = "Should we order pizza or sandwiches for Saturday's volunteer training?";
    expect(playbookDomain(GENERATED_ONTOLOGY, tools('person-agent')).map((c) => c.id)).not.toContain('volunteer');
    expect(namesNothing(read(words, 'person-agent'))).toBe(true);
    expect(namesNothing(read(words, 'organization-agent'))).toBe(false);
  });

  it('types an open intent only when exactly one outcome class is named', () => {
    expect(classifyOpenIntent('Write the inquiry letter', GENERATED_ONTOLOGY.outcomeClasses)).toEqual({
      class: 'inquiry-letter',
    });
    expect(
      classifyOpenIntent('Write the inquiry letter and put it on our tracker', GENERATED_ONTOLOGY.outcomeClasses),
    ).toBe(null);
    expect(classifyOpenIntent('hello', GENERATED_ONTOLOGY.outcomeClasses)).toBe(null);
  });

  it('says a domain term by the lemmas of the words, and a past tense only as typed', () => {
    const r = read('who covers the weekend shifts?', 'organization-agent');
    expect(r.terms.map((t) => t.classId)).toContain('volunteer');
    expect(namesNothing(r)).toBe(false);
    expect(saysTerm('the rotas are full', 'rota')).toBe(true);
    expect(saysTerm('we sent it', 'send')).toBe(false);
  });
});
