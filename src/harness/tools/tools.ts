import { HomeError } from '../../protocol/errors';
import type { Capability, InstructionSkill, OntologyView } from '../kernel/ontology-view';
import { capabilityOfSkill } from '../kernel/ontology-view';
import type { ToolSpec } from '../kernel/tool-spec';
import type { PlaybookScope } from '../playbook/playbook-scope';

/**
 * Step 2 — offer the tools. The list is built from the playbook and the ontology for this run, never fixed; the
 * meta tools (ask.clarify, ask.unsupported) are always there; a duplicate id is a broken ontology and throws.
 * The capability's contract utterances become the planner's few-shot examples.
 */
export type Tool = {
  id: string;
  capability: Capability;
  /** The instruction skill this tool applies, when it is one. */
  skill: InstructionSkill | null;
  examples: readonly string[];
};
export type ToolIndex = ReadonlyMap<string, Tool>;

export const META_TOOLS = ['ask.clarify', 'ask.unsupported'] as const;

export function buildTools(ontology: OntologyView, playbook: PlaybookScope | null): ToolIndex {
  const tools = new Map<string, Tool>();
  const add = (capability: Capability, skill: InstructionSkill | null) => {
    if (tools.has(capability.id))
      throw new HomeError('DUPLICATE_TOOL', `The tool ${capability.id} is offered twice.`, {
        details: { toolId: capability.id },
      });
    tools.set(capability.id, {
      id: capability.id,
      capability,
      skill,
      examples: [...capability.utterances, ...(skill?.utterances ?? [])],
    });
  };
  const skillCapabilities = new Set<string>();
  for (const skillId of playbook?.skillIds ?? []) {
    const skill = ontology.skills[skillId];
    const capability = capabilityOfSkill(ontology, skillId);
    if (skill === undefined || capability === undefined) {
      throw new HomeError(
        'PLAYBOOK_BROKEN',
        `The playbook names the skill ${skillId}, which the ontology does not define.`,
      );
    }
    skillCapabilities.add(capability.id);
    add(capability, skill);
  }
  for (const id of playbook?.capabilityIds ?? []) {
    if (skillCapabilities.has(id)) continue;
    const capability = ontology.capabilities[id];
    if (capability === undefined)
      throw new HomeError(
        'PLAYBOOK_BROKEN',
        `The playbook names the capability ${id}, which the ontology does not define.`,
      );
    add(capability, null);
  }
  for (const id of META_TOOLS) {
    const capability = ontology.capabilities[id];
    if (capability !== undefined && !tools.has(id)) add(capability, null);
  }
  return tools;
}

/** The offered instruction skills, in playbook order. */
export const skillTools = (tools: ToolIndex): Tool[] => [...tools.values()].filter((t) => t.skill !== null);

/** A tool as the planner model sees it: the contract, never the authority. */
export function toolSpec(tool: Tool): ToolSpec {
  const c = tool.capability;
  return {
    id: tool.id,
    kind: c.kind,
    description: tool.skill?.purpose ?? c.description,
    informational: c.informational,
    args: c.args.map((a) => ({ name: a.name, kind: a.kind, required: a.required, description: a.description })),
    examples: tool.examples,
  };
}
