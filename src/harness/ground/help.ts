import type { ToolIndex } from '../tools/tools';
import type { FrameAct } from './lexicon';

/**
 * Help and small talk, answered with what this agent can do for this person now: each capability the playbook
 * offers (the meta tools and the cabinet's internal filing aside), by its label, with one of its contract
 * utterances as an example of how to say it. Never a refusal.
 */
const NOT_OFFERED_AS_HELP = new Set([
  'ask.clarify',
  'ask.unsupported',
  'ask.help',
  'harness.ask',
  'cabinet.guidance.file',
]);
const OPENERS: Partial<Record<FrameAct, string>> = {
  greeting: 'Hello! Here is what I can do for you now:',
  help: 'Here is what I can do for you now:',
  thanks: "You're welcome. When you need me again, here is what I can do:",
  farewell: 'Goodbye. When you need me again, here is what I can do:',
};

export function helpText(tools: ToolIndex, act: FrameAct, limit = 12): string {
  const lines = [...tools.values()]
    .filter((t) => !NOT_OFFERED_AS_HELP.has(t.id) && t.capability.kind !== 'meta')
    .filter((t) => t.examples.length > 0)
    .slice(0, limit)
    .map((t) => `• ${t.capability.label} — for example “${t.examples[0]}”`);
  const opener = OPENERS[act] ?? OPENERS.help!;
  if (lines.length === 0) return `${opener.replace(/:$/, '')}: nothing yet — this agent has no playbook.`;
  return [opener, ...lines].join('\n');
}
