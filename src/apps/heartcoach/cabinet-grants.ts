import type { Address, CabinetGrantHeld, VaultPort } from '../../harness';
import type { Vault } from '../../vault/vault';

/**
 * The VaultPort's `grants` half on the Dexie vault: the person's newest live cabinet grant to an outside agent. An
 * outside agent is known to the Home by the origin the person connected it at (HeartCoach: the `gateway.url`
 * setting); the grant is the vault's `cabinet-grant` row given to that origin by the person, inside its window and
 * not revoked. The row's delegation is what travels to the agent (the gateway verifies it on chain, not this row).
 */
export type OutsideAgentOrigins = (agent: string) => Promise<string | null>;

/** HeartCoach at the configured gateway URL; no other outside agent holds a cabinet grant today. */
export const gatewayOrigins =
  (vault: Vault): OutsideAgentOrigins =>
  async (agent) =>
    agent === 'heartcoach' ? new URL(await vault.settings.get('gateway.url')).origin : null;

export function cabinetGrantsPort(
  vault: Vault,
  originOf: OutsideAgentOrigins = gatewayOrigins(vault),
): Pick<VaultPort, 'grants'> {
  return {
    grants: {
      async cabinet(query: { person: Address; agent: string }): Promise<CabinetGrantHeld | null> {
        const origin = await originOf(query.agent);
        if (origin === null) return null;
        const person = query.person.toLowerCase();
        const live = (await vault.wires.active({ kind: 'cabinet-grant', direction: 'given', origin })).rows
          .filter((w) => w.kind === 'cabinet-grant' && w.delegator.toLowerCase() === person)
          .sort((a, b) => b.createdAt - a.createdAt);
        const newest = live[0];
        if (newest === undefined || newest.kind !== 'cabinet-grant') return null;
        return {
          hash: newest.hash as `0x${string}`,
          folders: [...newest.folders],
          grant: newest.delegation as Record<string, unknown>,
        };
      },
      async foldersAt(query: { person: Address; origin: string }): Promise<readonly string[]> {
        const person = query.person.toLowerCase();
        const live = (await vault.wires.active({ kind: 'cabinet-grant', direction: 'given', origin: query.origin }))
          .rows;
        return [
          ...new Set(
            live.flatMap((w) => (w.kind === 'cabinet-grant' && w.delegator.toLowerCase() === person ? w.folders : [])),
          ),
        ].sort();
      },
    },
  };
}
