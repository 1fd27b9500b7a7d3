import type { RecordedRequest } from '../../../testing/scripted-messages-server';
import { read } from '../../../testing/scripted-messages-script';

/**
 * Reading this adapter's prompts the way a model would, for scripts of the scripted Messages server: the options
 * offered (from the answer tool's schema), the cards, the person's words, the observations. A script built from
 * these decides from what the request says — never from a case id or a gold label, which no request carries.
 */
const unescape = (text: string) =>
  text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');

/** The tool the request forces (tool_choice), or null. */
export const forcedTool = (r: RecordedRequest): string | null => {
  const choice = r.body.tool_choice;
  return choice !== undefined && choice.type === 'tool' ? choice.name : null;
};

/** The option ids of a judge or plan-choice request: the properties of the distribution in the answer schema. */
export function optionIds(r: RecordedRequest): string[] {
  const schema = r.body.tools?.[0]?.input_schema as
    { properties?: { distribution?: { properties?: Record<string, unknown> } } } | undefined;
  return Object.keys(schema?.properties?.distribution?.properties ?? {});
}

/** The planner's offered tool ids: the enum of toolId in propose_plan's schema. */
export function plannerToolIds(r: RecordedRequest): string[] {
  const schema = r.body.tools?.[0]?.input_schema as
    { properties?: { steps?: { items?: { properties?: { toolId?: { enum?: string[] } } } } } } | undefined;
  return schema?.properties?.steps?.items?.properties?.toolId?.enum ?? [];
}

/** The judge's cards, by option id, from the system prompt's "- id: card" lines. */
export function cards(r: RecordedRequest): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of read.system(r).split('\n')) {
    const m = /^- ([^:\s]+): (.*)$/.exec(line);
    if (m !== null) out.set(m[1]!, unescape(m[2]!));
  }
  return out;
}

/** The person's words: the text of the <request> block. */
export function words(r: RecordedRequest): string {
  const m = /<request>\n([\s\S]*?)\n<\/request>/.exec(read.firstUserText(r));
  return m === null ? '' : unescape(m[1]!);
}

/** Observation ids offered to the composer or a skill, in order. */
export const observationIds = (r: RecordedRequest): string[] =>
  [...read.firstUserText(r).matchAll(/<observation id="([^"]+)"/g)].map((m) => m[1]!);

/** The plan ids of a plan-choice request with the tools each runs, from its "- id: a → b" lines. */
export function planOptions(r: RecordedRequest): { id: string; tools: string[] }[] {
  return [...read.firstUserText(r).matchAll(/^- (\S+): (.+)$/gm)].map((m) => ({
    id: m[1]!,
    tools: m[2]!.replace(/ \(missing: .*\)$/, '').split(' → '),
  }));
}

/** A distribution over the request's options: the weights given, zero for the rest, normalised to one. */
export function distributionOver(r: RecordedRequest, weights: Record<string, number>): Record<string, number> {
  const ids = optionIds(r);
  const total = ids.reduce((a, id) => a + (weights[id] ?? 0), 0);
  return Object.fromEntries(ids.map((id) => [id, total > 0 ? (weights[id] ?? 0) / total : 1 / ids.length]));
}
