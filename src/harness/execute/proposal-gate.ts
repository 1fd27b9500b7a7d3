import type { Capability } from '../kernel/ontology-view';
import type { ProposedRecord } from '../kernel/outside-agent';
import type { VaultPort } from '../kernel/vault-port';

/**
 * Where an outside agent's proposal may land (DESIGN §6, §10). The vault mints the id in the app's own namespace
 * (`heartcoach:readings/<id>`), never the app's id as given, so a proposal can never name a row of the person's (a
 * contact, the default payer); only a folder the consult capability declares (`ha:proposesInto`) is written; a row
 * already under that id of another type or owner is never replaced; and a record is filed only when the person's
 * words asked to log or file it and named it (a reading's value, a dose's drug, "the insight").
 */
export type ProposalVerdict =
  { kind: 'file'; id: string } | { kind: 'suggest'; sentence: string } | { kind: 'refuse'; why: string };

/** The words that ask to log something ("log", "took", "record"…). */
const LOGGING = /\b(log|logged|record|recorded|file|filed|note|add|save|keep|took|taken|had|measured|weighed|mark)\b/i;

export const appNamespacedId = (agent: string, f: ProposedRecord): string => `${agent}:${f.folder}/${f.id}`;

/** Whether the person's words ask to log this record and name one of its terms. */
export function wordsAskToLog(words: string, named: readonly string[]): boolean {
  if (!LOGGING.test(words)) return false;
  const lower = words.toLowerCase();
  return named.some((term) => term.trim() !== '' && lower.includes(term.trim().toLowerCase()));
}

export async function judgeProposal(
  vault: Pick<VaultPort, 'records'>,
  consult: Pick<Capability, 'outsideAgent' | 'proposesInto'>,
  appName: string,
  words: string,
  owner: string,
  f: ProposedRecord,
): Promise<ProposalVerdict> {
  const agent = consult.outsideAgent?.agent;
  if (agent === undefined) return { kind: 'refuse', why: `${appName} may not file anything of yours` };
  if (!(consult.proposesInto ?? []).includes(f.folder))
    return { kind: 'refuse', why: `${appName} may not file into your ${f.folder}` };
  if (f.named !== undefined && !wordsAskToLog(words, f.named)) {
    const verb = f.verb ?? 'log';
    // "HeartCoach suggests filing its insight", not "…filing HeartCoach’s insight".
    const own = `${appName}’s `;
    const what = f.what.startsWith(own) ? `its ${f.what.slice(own.length)}` : f.what;
    return {
      kind: 'suggest',
      sentence: `${appName} suggests ${verb === 'file' ? 'filing' : 'logging'} ${what}; you did not ask to ${verb} it, so nothing was filed. To keep it, ask to ${verb} it, naming it.`,
    };
  }
  const id = appNamespacedId(agent, f);
  const existing = await vault.records.get(id);
  if (existing !== null && existing !== undefined && (existing.type !== f.type || existing.owner !== owner))
    return { kind: 'refuse', why: `${appName} may not replace a record that is not its ${f.folder} entry` };
  return { kind: 'file', id };
}
