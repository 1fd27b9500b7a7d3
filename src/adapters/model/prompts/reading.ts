import type { TypedReading } from '../../../harness';
import { quoted } from '../untrusted';

/**
 * The typed reading (seed 001 step 3.4) as the model reads it: the state the judge and the planner decide from.
 * "Evidence, never a filter: nothing here removes a skill." Every value is quoted (it came from the words or the
 * vault), and the block is bounded so a long memory cannot crowd out the question.
 */
const list = (items: readonly string[], max = 12) =>
  items.length === 0 ? 'none' : items.slice(0, max).map(quoted).join(', ');

export function readingBlock(reading: TypedReading): string {
  const terms = reading.terms.slice(0, 12).map((t) => `"${quoted(t.term)}" (${quoted(t.label)})`);
  const lines = [
    `asker's relation to this agent: ${reading.relation}`,
    `domain terms the words name: ${terms.length === 0 ? 'none' : terms.join(', ')}`,
    `their neighbours in the domain: ${list(reading.neighbours)}`,
    `offered tools whose declared terms the words name: ${list(reading.toolsNamed)}`,
    `open intent (outcome class): ${reading.outcome === null ? 'none' : quoted(reading.outcome.class)}`,
  ];
  if (reading.recentSkills.length > 0) lines.push(`skills this asker used recently: ${list(reading.recentSkills)}`);
  if (reading.memoryTags.length > 0) lines.push(`the asker's memory tags: ${list(reading.memoryTags, 20)}`);
  return `<reading>\n${lines.join('\n')}\n</reading>`;
}
