import type { Vault } from '../vault/vault';

const MOST = 200;

/**
 * What tells an agent apart from another with the same name: the `detail` of the organization record the person
 * keeps for it ("Thompson Community Fund — a neighbourhood mutual-aid fund…"), by lower-cased address. Two
 * organizations both named "thompson" are otherwise two identical headings.
 */
export async function agentDetails(vault: Vault, owners: readonly string[]): Promise<Map<string, string>> {
  const details = new Map<string, string>();
  for (const owner of owners) {
    const read = await vault.records.list('organization', owner, { limit: MOST });
    for (const row of read.rows) details.set(row.data.address.toLowerCase(), row.data.detail);
  }
  return details;
}
