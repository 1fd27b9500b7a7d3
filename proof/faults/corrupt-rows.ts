import type { Hex } from 'viem';
import { faultHome, inWords, pendingPayment, PAY, type FaultHome } from './home';
import type { FaultRow } from './report';

/**
 * (d) A corrupted vault row: a row altered in IndexedDB behind the vault's back (a disk fault, a
 * bad upgrade, a hand at the devtools), written raw past the schemas. Each case: what the person is told, that
 * nothing was done on the damaged row (no USDC moved, the harness agent's nonce unchanged, no receipt), and that the
 * rest of the vault still works (another payment signed and done, a read answered).
 */
const GROUP = 'corrupted vault rows';
type Ledger = Awaited<ReturnType<FaultHome['ledger']>>;
const still = (a: Ledger, b: Ledger) => a.alice === b.alice && a.nathan === b.nathan && a.nonce === b.nonce;
const short = (s: string) => (s.length > 300 ? `${s.slice(0, 299)}…` : s);

/** The rest of the vault still works: a read answers, and another payment is signed and done. */
async function restWorks(h: FaultHome): Promise<{ ok: boolean; words: string }> {
  const read = await inWords(() => h.agent.ask({ message: "Who's in Missio Nexus right now?", surface: 'sidepanel' }));
  const run = await pendingPayment(h, 'Send 1 USDC to nathan.treasury for the hymnals.');
  const paid = await inWords(() => h.agent.sign({ runRef: run, surface: 'popup' }));
  return {
    ok: read.kind === 'answer' && paid.kind === 'done',
    words: `a read: ${read.kind}; another payment: ${paid.kind}`,
  };
}

async function mandateRow(broken: 'schema' | 'altered'): Promise<FaultRow> {
  const h = await faultHome(`faults-mandate-${broken}`);
  const run = await pendingPayment(h);
  const { requirement, hash } = await h.signOnly(run);
  const raw = (await h.parts.vault.db.mandates.get(hash))!;
  if (broken === 'schema') await h.parts.vault.db.mandates.put({ ...raw, maxUses: 'many' } as never);
  else {
    // Still a well-formed row: the signed delegation's payee changed to Bob's (what was signed no longer matches).
    const d = raw.delegation as { scope: { act: { erc20: Record<string, unknown> } } };
    await h.parts.vault.db.mandates.put({
      ...raw,
      delegation: {
        ...d,
        scope: { ...d.scope, act: { ...d.scope.act, erc20: { ...d.scope.act.erc20, recipient: h.who.bob } } },
      },
    } as never);
  }
  const before = await h.ledger();
  const told = await inWords(() =>
    h.agent.resume({
      runRef: run,
      surface: 'sidepanel',
      supplied: [{ kind: 'mandate', stepRef: requirement.stepRef, mandateHash: hash as Hex }],
    }),
  );
  const again = await inWords(() => h.agent.resume({ runRef: run, surface: 'sidepanel' }));
  const nothing = still(before, await h.ledger()) && (await h.parts.vault.receipts.byRun(run)).rows.length === 0;
  const rest = await restWorks(h);
  const checked = (await h.parts.vault.check()).some((c) => c.table === 'mandates' && c.id === hash);
  const pass =
    told.kind === 'refused' && again.kind === 'refused' && nothing && rest.ok && (broken === 'altered' || checked);
  return {
    group: GROUP,
    fault:
      broken === 'schema'
        ? 'a mandate row that breaks its schema (maxUses a word), presented to its run'
        : "a mandate row still well-formed, its signed payee changed to Bob's, presented to its run",
    expected: 'refused in words, the run settled (asking again says the same); nothing paid; the rest works',
    observed: short(
      `${told.code}: ${told.words} Asked again: ${again.code}. ${nothing ? 'Nothing moved, no receipt' : 'SOMETHING MOVED'}; ${rest.words}${broken === 'schema' ? `; vault check names it: ${checked ? 'yes' : 'no'}` : ''}`,
    ),
    pass,
  };
}

async function runCheckpoint(broken: 'checkpoint' | 'row'): Promise<FaultRow> {
  const h = await faultHome(`faults-run-${broken}`);
  const run = await pendingPayment(h);
  if (broken === 'checkpoint')
    await h.parts.vault.db.runs.update(run, { checkpoint: { schemaVersion: 1, steps: 'lost' } } as never);
  else await h.parts.vault.db.runs.update(run, { status: 'NOT A STATUS', expiresAt: 'never' } as never);
  const before = await h.ledger();
  const listed = (await h.agent.pending()).some((p) => p.runRef === run);
  const signed = await inWords(() => h.agent.sign({ runRef: run, surface: 'popup' }));
  const resumed = await inWords(() => h.agent.resume({ runRef: run, surface: 'sidepanel' }));
  const nothing =
    still(before, await h.ledger()) && (await h.parts.vault.mandates.list({ runRef: run })).rows.length === 0;
  const rest = await restWorks(h);
  const code = broken === 'checkpoint' ? 'RUN_CORRUPT' : 'VAULT_ROW_CORRUPT';
  const pass = !listed && signed.code === code && resumed.code === code && nothing && rest.ok;
  return {
    group: GROUP,
    fault:
      broken === 'checkpoint'
        ? "a run's checkpoint that no longer parses (a run waiting for a signature)"
        : 'a runs row that breaks the vault schema (status, expiry)',
    expected: `signing and resuming refused in words (${code}); nothing signed or paid; the rest works`,
    observed: short(
      `sign: ${signed.code} — ${signed.words} resume: ${resumed.code}. ${listed ? 'STILL LISTED as waiting' : 'Not offered for signing'}; ${nothing ? 'nothing signed or moved' : 'SOMETHING SIGNED OR MOVED'}; ${rest.words}`,
    ),
    pass,
  };
}

async function contactRow(): Promise<FaultRow> {
  const h = await faultHome('faults-record');
  const bob = (await h.parts.vault.records.named('contact', h.who.alice, 'bob')).rows[0]!;
  await h.parts.vault.db.records.update(bob.id, { data: { ...bob.data, address: 'nowhere' } } as never);
  const before = await h.ledger();
  const paid = await inWords(() => h.agent.ask({ message: 'Send 3 USDC to bob.', surface: 'sidepanel' }));
  // The read that lists the cards says the damaged one could not be read, and where it is named.
  const contacts = await inWords(() => h.agent.ask({ message: 'Who are my contacts?', surface: 'sidepanel' }));
  const said =
    contacts.kind === 'answer' &&
    /^You have 3 contacts: /.test(contacts.words) &&
    /1 record in your vault could not be read.*Vault section of your Home/.test(contacts.words);
  const listed = await h.parts.vault.records.list('contact', h.who.alice);
  const named = listed.corrupt.find((c) => c.id === bob.id);
  const viaMembership = await h.agent.ask({ message: PAY, surface: 'sidepanel' });
  const nathanOk =
    viaMembership.ok &&
    viaMembership.data.reply.kind === 'authority_required' &&
    viaMembership.data.reply.requirement.caveats.recipient === h.who.nathan;
  const nothing = still(before, await h.ledger());
  const rest = await restWorks(h);
  const pass = paid.kind === 'prompt' && said && named !== undefined && nothing && nathanOk && rest.ok;
  return {
    group: GROUP,
    fault:
      "a contact record whose address is no address (Bob's card), then “Send 3 USDC to bob.” and “Who are my contacts?”",
    expected:
      'no act on the damaged card (asked who Bob is); the contacts answer says 1 record could not be read and where; the vault browser names the row; the rest works',
    observed: short(
      `${paid.kind}: ${paid.words} Contacts: ${contacts.words} The vault browser: ${named?.message ?? 'NOT NAMED'} ${nothing ? 'Nothing moved' : 'SOMETHING MOVED'}; ${rest.words}`,
    ),
    pass,
  };
}

export async function corruptRowRows(): Promise<FaultRow[]> {
  return [
    await mandateRow('schema'),
    await mandateRow('altered'),
    await runCheckpoint('checkpoint'),
    await runCheckpoint('row'),
    await contactRow(),
  ];
}
