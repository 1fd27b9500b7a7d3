import {
  CARE_TEAM_TOOLS,
  COACH_TOOL_ORDER,
  COACH_TOOLS,
  MILESTONES,
  PATIENT_TOOLS,
  type CareRoleId,
  type CoachTool,
} from '../../src/ontology/health-portal.generated';
import type { Transition } from '../desk/types';

/**
 * The model's tool list, built per consultation (seed 000 step 5), never fixed. Registered ids are dotted
 * (`heartcoach.alert.ack`); the model's namespace is not (`heartcoach__alert__ack`): each tool is offered under its
 * model name and mapped back on every call, and every record, receipt and reply names the registered id.
 */
export type OfferedTool = { id: string; modelName: string; description: string; inputSchema: Record<string, unknown> };
export type ToolOffer = { tools: OfferedTool[]; byModelName: ReadonlyMap<string, OfferedTool> };

/** Removes vendor `x-` keys from a JSON schema (the registry's own; the model never sees them). */
export function stripVendorKeys(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(stripVendorKeys);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !key.startsWith('x-'))
      .map(([key, value]) => [key, stripVendorKeys(value)]),
  );
}

function offer(ids: Iterable<string>): ToolOffer {
  const wanted = new Set(ids);
  // coach_reply is always last; the rest keep the ontology's offering order.
  const ordered = COACH_TOOL_ORDER.filter((id) => wanted.has(id) && id !== 'coach_reply');
  if (wanted.has('coach_reply')) ordered.push('coach_reply');
  const tools = ordered.map((id) => {
    const tool: CoachTool = COACH_TOOLS[id]!;
    return {
      id,
      modelName: tool.modelName,
      description: tool.description,
      inputSchema: stripVendorKeys(tool.inputSchema) as Record<string, unknown>,
    };
  });
  return { tools, byModelName: new Map(tools.map((t) => [t.modelName, t])) };
}

/** The patient's tools: log, triage, message, coach_reply last; EMR sync only while the session presents an EMR. */
export function boundTools(options: { emr: boolean }): ToolOffer {
  return offer(PATIENT_TOOLS.filter((id) => options.emr || COACH_TOOLS[id]?.requiresEmr !== true));
}

/**
 * The care team's tools, by what the member's roles are for (the ontology's table), and `heartcoach.transition` only
 * while one of their roles owns a milestone that is not yet done (its hp:offeredWhile).
 */
export function careTeamTools(roles: readonly CareRoleId[], transition: Transition | null): ToolOffer {
  const ids = new Set(roles.flatMap((role) => CARE_TEAM_TOOLS[role]));
  const owesOne = (transition?.milestones ?? []).some(
    (m) => m.status !== 'done' && roles.includes(MILESTONES.find((x) => x.id === m.milestone)?.owner as CareRoleId),
  );
  if (!owesOne) ids.delete('heartcoach.transition');
  ids.add('coach_reply');
  return offer(ids);
}

/** The registered id for a model name, or null when the model named a tool it was not offered. */
export const registeredToolId = (offer: ToolOffer, modelName: string): string | null =>
  offer.byModelName.get(modelName)?.id ?? null;

/** The model name of any catalogued tool (for "not offered" refusals that name the registered id). */
export function registeredIdOfAnyModelName(modelName: string): string | null {
  return Object.values(COACH_TOOLS).find((t) => t.modelName === modelName)?.id ?? null;
}
