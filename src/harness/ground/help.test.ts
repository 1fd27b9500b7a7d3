import { describe, expect, it } from 'vitest';
import { groundAsk } from './ground';
import { helpText } from './help';
import { DEMO_PARTIES, toolsOf } from './testing-parties';
import { urgentAnswer } from './urgent';

describe('help and small talk say what this agent can do now', () => {
  it('lists the playbook’s capabilities with an example each, never a refusal', () => {
    const text = helpText(toolsOf('person-agent'), 'greeting');
    expect(text).toMatch(/^Hello!/);
    expect(text).toContain('Add a contact — for example “Add dave to my contacts.”');
    expect(text).toContain('Send USDC');
    expect(text).not.toContain('ask.unsupported');
    expect(helpText(toolsOf('organization-agent'), 'help')).toContain('inquiry letter');
  });
});

describe('a red-flag symptom is answered first, locally', () => {
  const ground = (words: string) =>
    groundAsk({ words, parties: DEMO_PARTIES, tools: toolsOf('person-agent') }).symptom!;
  it('call-emergency: the emergency words and number, red', () => {
    const a = urgentAnswer(ground('I have chest pain and my left arm feels numb'))!;
    expect(a).toMatchObject({ tier: 'call-emergency', colour: 'red', emergencyNumber: '911' });
    expect(a.text).toMatch(/^Call 911 now\. Do not wait for the coach\./);
  });
  it('flag-urgent: the care team today, amber; a milder symptom is no red flag', () => {
    expect(urgentAnswer(ground("my ankles are swollen and I'm a bit short of breath"))).toMatchObject({
      tier: 'flag-urgent',
      colour: 'amber',
    });
    expect(urgentAnswer(ground('I have a dry cough at night'))).toBe(null);
  });
});
