import { describe, expect, it } from 'vitest';
import { groundAsk, groundedPlan } from './ground';
import { knownWord } from './parse';
import { DEMO_PARTIES, toolsOf } from './testing-parties';

const person = toolsOf('person-agent');
const ground = (words: string) => groundAsk({ words, parties: DEMO_PARTIES, tools: person });
const steps = (words: string) => groundedPlan(ground(words))?.steps ?? null;

describe('grounding: slips of the keys, tenses and what was told before the ask', () => {
  it('reads a verb typed with a slip where the verb stands, whatever the tagger guessed from its place', () => {
    expect(steps('lsit my contacts')).toEqual([{ toolId: 'person.contact.list', args: {} }]);
    expect(steps('shwo me my balance')).toEqual([{ toolId: 'balance.read', args: {} }]);
    // A word the library knows is a word, not a slip: "shoe" is never "show".
    expect(knownWord('shoe')).toBe(true);
    expect(knownWord('shwo')).toBe(false);
  });

  it('says a cue in its own tense: "what did you do" asks what was done, not what the agent can do', () => {
    const g = ground('what did you do for me yesterday');
    expect(g.act).toBe('question');
    expect(g.intents.map((i) => i.step.toolId)).toEqual(['receipts.list']);
    expect(ground('what do you do').act).toBe('help');
  });

  it('what happened, told before an ask, is its context: the ask is planned, its pronoun is the one named', () => {
    expect(steps('dave drove us to the airport, send him 6 usdc')).toEqual([
      { toolId: 'payment.usdc.send', args: { amount: '6', recipient: 'dave' } },
    ]);
    // "for it" names nothing the money is for.
    expect(steps('nathan fixed the sink, pay him 15 dollars for it')).toEqual([
      { toolId: 'payment.usdc.send', args: { amount: '15', recipient: 'nathan' } },
    ]);
    // Told alone, it asks for nothing: the judge's and the planner's.
    const told = ground('bob paid for lunch');
    expect(told.intents).toEqual([]);
    expect(told.unsaid).toEqual(['bob paid for lunch']);
  });
});
