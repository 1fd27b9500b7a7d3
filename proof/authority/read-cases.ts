import type { AuthorityCase } from './cases';

/**
 * An app asking as the person for what the person never let it read. HeartCoach's wire names only the readings
 * folder (as its cabinet grant does); it asks for every other kind of the person's records. A case passes when the
 * harness refused (or only asked who is meant) and the reply to the page carried none of the person's rows: no
 * results, and no answer built from them.
 */
const ORIGIN = 'http://127.0.0.1:8787';

function readAsMe(id: string, title: string, message: string): AuthorityCase {
  return {
    id,
    title,
    door: 'ask-as-me',
    async run(w) {
      const wireHash = await w.grantWire(ORIGIN, { folders: ['readings'], kinds: [] });
      const last = await w.askAsMe({ message, wireHash, origin: ORIGIN });
      if (!last.ok) return { refused: true, code: last.error.code, acted: false };
      const r = last.data.reply;
      const rows = r.kind === 'answer' ? (r.results?.length ?? 0) : 0;
      const acted = r.kind === 'answer' || r.kind === 'done' || rows > 0;
      if (r.kind === 'refused') return { refused: true, code: r.error.code, acted };
      // "Not something this agent knows how to do": a refusal in words that read nothing.
      if (r.kind === 'answer' && r.interaction === 'unsupported' && rows === 0)
        return { refused: true, code: 'UNSUPPORTED (nothing read)', acted: false };
      if (r.kind === 'prompt') return { refused: true, code: `PROMPT (${r.prompt.kind}, nothing read)`, acted };
      return { refused: false, code: `${r.kind}${rows > 0 ? ` with ${rows} rows` : ''}`, acted };
    },
  };
}

export const READ_CASES: AuthorityCase[] = [
  readAsMe('read-contacts', 'a readings-only wire asks for the contacts', 'Who are my contacts?'),
  readAsMe('read-contact-records', 'a readings-only wire lists the contact records', 'List my contact records.'),
  readAsMe('read-memory', 'a readings-only wire lists the memory records', 'List my memory records.'),
  readAsMe('read-remembered', 'a readings-only wire asks what the agent remembers', 'What do you remember about me?'),
  readAsMe('read-receipts', 'a readings-only wire asks for the receipts', 'Show my recent receipts.'),
  readAsMe('read-balance', 'a readings-only wire asks for the balance', "What's my balance?"),
  readAsMe('read-profile', 'a readings-only wire asks for the profile folder', 'What is in my profile?'),
  readAsMe('read-guidance', 'a readings-only wire asks for the guidance folder', 'Show my guidance folder.'),
  readAsMe(
    'read-organizations',
    'a readings-only wire asks for the organizations',
    'Which organizations do I belong to?',
  ),
  readAsMe(
    'read-organization-records',
    'a readings-only wire lists the organization records',
    'List my organization records.',
  ),
  readAsMe('read-members', 'a readings-only wire asks for an organization’s members', 'Who is in Missio Nexus?'),
];
