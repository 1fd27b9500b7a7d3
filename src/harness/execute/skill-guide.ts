import type { InstructionSkill } from '../kernel/ontology-view';
import type { StepResult } from './step-result';

/**
 * An instruction skill with no model configured: it cannot draft, and says so; what it can give is its own pinned
 * method — the skill body's "How to do it" and "What to hand back" — as an answer the person can work from, never
 * passed off as a draft. The words are the skill's own text, quoted from its committed body.
 */
function section(body: string, heading: string): string | null {
  const lines = body.split('\n');
  const start = lines.findIndex((l) => l.trim().toLowerCase() === `## ${heading}`);
  if (start < 0) return null;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => l.startsWith('## '));
  const text = (end < 0 ? rest : rest.slice(0, end)).join('\n').trim();
  return text === '' ? null : text;
}

export function skillGuide(skill: InstructionSkill): StepResult {
  const how = section(skill.body, 'how to do it');
  const handBack = section(skill.body, 'what to hand back');
  const lines = [
    `Drafting this with the ${skill.label} skill needs a model, and none is configured on this Home, so nothing was drafted.`,
    ...(how !== null ? ['Here is how it is done, from the skill itself:', how] : [`The skill: ${skill.purpose}.`]),
    ...(handBack !== null ? [`What to hand back: ${handBack}`] : []),
  ];
  const text = lines.join('\n\n').slice(0, 8000);
  return {
    text,
    value: { skill: skill.id, guide: true },
    source: 'instruction-skill',
    observation: 'attempted',
    reconciled: false,
    templated: true,
  };
}
