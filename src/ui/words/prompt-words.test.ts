import { describe, expect, it } from 'vitest';
import type { Prompt } from '../../protocol/harness-reply';
import { choiceQuestion, fieldHelp } from './prompt-words';

const choice = (text: string): Extract<Prompt, { kind: 'choice' }> => ({
  kind: 'choice',
  stepRef: 's1',
  text,
  arg: 'org',
  word: 'thompson',
  options: [
    { value: '0x1', label: 'thompson (Thompson Community Fund)' },
    { value: '0x2', label: 'thompson (Thompson Family Trust)' },
  ],
});

describe('prompt words', () => {
  it("a choice's question leaves its options to the radio buttons", () => {
    expect(
      choiceQuestion(
        choice(
          'Which “thompson” do you mean? 1. thompson (Thompson Community Fund)  2. thompson (Thompson Family Trust)',
        ),
      ),
    ).toBe('Which “thompson” do you mean?');
    expect(choiceQuestion(choice('Which did you mean: 1. thompson (Thompson Community Fund); 2. x?'))).toBe(
      'Which did you mean?',
    );
    expect(choiceQuestion(choice('Pick one.'))).toBe('Pick one.');
  });

  it("a field's help text is dropped when it only repeats the question", () => {
    expect(fieldHelp('Amount is needed for this step.', 'amount is needed  for this step.')).toBeUndefined();
    expect(fieldHelp('How much?', 'In USDC.')).toBe('In USDC.');
  });
});
