import { ARCHETYPES } from '../ontology/archetypes.generated';
import { HomeError } from '../protocol/errors';
import type { AgentsView } from '../protocol/messages/home-replies';
import type { Vault } from '../vault/vault';
import { agentDetails } from './agent-details';
import { requirePerson } from './status';

/** The agents this profile holds with their pinned playbooks, and the archetypes the ontology offers. */
export async function agentsView(vault: Vault): Promise<AgentsView> {
  const [agents, playbooks] = await Promise.all([vault.agents.list(), vault.playbooks.list()]);
  const pins = new Map(playbooks.rows.map((row) => [row.agent, row]));
  const details = await agentDetails(
    vault,
    agents.rows.map((a) => a.address),
  );
  return {
    agents: agents.rows.map((agent) => {
      const pin = pins.get(agent.address);
      const detail = details.get(agent.address.toLowerCase());
      const archetype = pin === undefined ? undefined : ARCHETYPES[pin.archetypeId];
      return {
        address: agent.address,
        kind: agent.kind,
        label: agent.label,
        ...(detail === undefined ? {} : { detail }),
        playbook:
          pin === undefined
            ? null
            : {
                archetypeId: pin.archetypeId,
                version: pin.archetypeVersion,
                digest: pin.definitionDigest,
                current:
                  archetype !== undefined &&
                  archetype.version === pin.archetypeVersion &&
                  archetype.definitionDigest === pin.definitionDigest,
              },
      };
    }),
    archetypes: Object.values(ARCHETYPES).map((a) => ({
      id: a.id,
      label: a.label,
      version: a.version,
      digest: a.definitionDigest,
      appliesTo: a.appliesTo,
      skills: a.skillIds.length,
    })),
  };
}

/**
 * Agents and playbooks. Assigning pins the ontology's current version and digest of the archetype: an archetype
 * changes what an agent knows how to do, never what it may do — so only the kind it applies to is accepted.
 */
export async function assignPlaybook(vault: Vault, input: { agent: string; archetypeId: string }): Promise<AgentsView> {
  const { agent, archetypeId } = input;
  const person = await requirePerson(vault);
  const held = await vault.agents.get(agent);
  if (held === undefined || held.kind === 'harness')
    throw new HomeError('UNKNOWN_AGENT', `This Home holds no person or organization agent at ${agent}.`);
  const archetype = ARCHETYPES[archetypeId];
  if (archetype === undefined)
    throw new HomeError('UNKNOWN_ARCHETYPE', `The ontology has no archetype "${archetypeId.slice(0, 80)}".`);
  if (archetype.appliesTo !== held.kind) {
    const forWhom = {
      person: "a person's agent",
      organization: "an organization's agent",
      heartcoach: 'HeartCoach',
    }[archetype.appliesTo];
    throw new HomeError('ARCHETYPE_MISMATCH', `"${archetype.label}" is written for ${forWhom}, not for ${held.label}.`);
  }
  await vault.playbooks.assign({
    agent: held.address,
    assignedBy: person.address,
    archetypeId: archetype.id,
    archetypeVersion: archetype.version,
    definitionDigest: archetype.definitionDigest,
  });
  return agentsView(vault);
}
