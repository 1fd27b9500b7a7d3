import type { Address, Party, VaultPort } from '../kernel/ports';

/**
 * Every name the asker's vault knows, for the grounding to find in the sentence (DESIGN §11): their contacts, the
 * organizations they hold, and the members of each of those organizations — the same tier the resolve stage
 * resolves in, read through the vault port. A damaged row is left out (its read names it elsewhere); a name here
 * is only evidence: resolution still decides who a word is, and a name the vault does not know is asked about.
 */
export async function knownParties(vault: VaultPort, asker: Address): Promise<Party[]> {
  // The contacts and the organizations are read at once; then each organization's members, at once.
  const [contacts, records] = await Promise.all([
    vault.contacts.list(asker),
    vault.records.list({ type: 'organization', owner: asker, limit: 200 }),
  ]);
  const organizations = records.flatMap((r): Party[] => {
    const { label, aliases, address } = r.data;
    if (typeof label !== 'string' || typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) return [];
    const names = Array.isArray(aliases) ? aliases.filter((a): a is string => typeof a === 'string') : [];
    return [{ address: address as Address, label, aliases: names, kind: 'organization', via: 'organization' }];
  });
  const members = (
    await Promise.all(
      organizations.map(async (o) =>
        (await vault.memberships.ofOrganization(o.address)).map((m): Party => ({
          address: m.member,
          label: m.label,
          aliases: m.aliases,
          kind: 'person',
          via: 'member',
        })),
      ),
    )
  ).flat();
  const seen = new Set<string>();
  return [...contacts, ...organizations, ...members].filter((p) => {
    const key = `${p.address.toLowerCase()}|${p.label.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
