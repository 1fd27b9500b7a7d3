import type { Prompt } from '../../protocol/harness-reply';

type ChoicePrompt = Extract<Prompt, { kind: 'choice' }>;

/**
 * A choice's question without its options: the agent's sentence lists them ("Which “thompson” do you mean?
 * 1. … 2. …") for a voice or a terminal, but a face shows them as the radio buttons, so they are printed once.
 */
export function choiceQuestion(prompt: ChoicePrompt): string {
  const first = prompt.options[0];
  if (first === undefined) return prompt.text;
  const at = prompt.text.indexOf(`1. ${first.label}`);
  if (at <= 0) return prompt.text;
  return prompt.text
    .slice(0, at)
    .trim()
    .replace(/[:;,]$/, '?');
}

/** A data field's help text, unless it only repeats the question above it. */
export function fieldHelp(question: string, reason: string): string | undefined {
  const plain = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  return reason.trim() === '' || plain(reason) === plain(question) ? undefined : reason;
}
