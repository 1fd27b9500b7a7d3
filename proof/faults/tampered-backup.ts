import { keccak256, stringToHex } from 'viem';
import { exportVault } from '../../src/vault/transfer/export';
import { sealVaultFile, openVaultFile } from '../../src/vault/transfer/file-format';
import { importVault } from '../../src/vault/transfer/import';
import { VAULT_TABLES } from '../../src/vault/schema';
import type { KdfChoice } from '../../src/vault/keys/kdf';
import type { Vault } from '../../src/vault/vault';
import { faultHome, inWords } from './home';
import type { FaultRow } from './report';

/**
 * (e) An import of a tampered backup: Alice's vault exported, the file altered in each way an
 * attacker or a damaged disk could, then imported over her live vault. Each must be refused in words with the vault
 * untouched — every table's rows digested before and after — and the agent still answering. A control imports the
 * untouched file, so the refusals are the tampering's, not the file's. The passphrase stretch is scrypt at a test
 * cost (marked testOnly; the format carries its parameters) so the suite does not spend a second per open.
 */
const GROUP = 'tampered backup imported';
const PASSPHRASE = 'correct horse battery staple';
const KDF: KdfChoice = { name: 'scrypt', N: 2 ** 12, r: 8, p: 1, testOnly: true };

/** One digest over every table's rows, in key order (the chain snapshot's bytes included). */
async function digestOfVault(vault: Vault): Promise<string> {
  const tables = await Promise.all(VAULT_TABLES.map(async (t) => [t, await vault.db.table(t).toArray()] as const));
  return keccak256(
    stringToHex(
      JSON.stringify(tables, (_k, v: unknown) =>
        v instanceof Uint8Array ? `bytes:${Buffer.from(v).toString('hex')}` : v,
      ),
    ),
  );
}

type Tamper = { fault: string; code: string; alter(file: string): Promise<string> };

const json = (file: string) => JSON.parse(file) as Record<string, unknown>;
const flipAt = (s: string, at: number) => `${s.slice(0, at)}${s[at] === 'A' ? 'B' : 'A'}${s.slice(at + 1)}`;

const TAMPERS: Tamper[] = [
  {
    fault: 'one character of the ciphertext changed',
    code: 'VAULT_FILE_TAMPERED',
    alter: async (f) => {
      const j = json(f);
      const c = String(j.ciphertext);
      return JSON.stringify({ ...j, ciphertext: flipAt(c, Math.floor(c.length / 2)) });
    },
  },
  {
    fault: 'the ciphertext cut short by a third',
    code: 'VAULT_FILE_TAMPERED',
    alter: async (f) => {
      const j = json(f);
      const c = String(j.ciphertext);
      return JSON.stringify({ ...j, ciphertext: c.slice(0, Math.floor((c.length * 2) / 3) & ~3) });
    },
  },
  {
    fault: "the header's export date moved (authenticated with the contents)",
    code: 'VAULT_FILE_TAMPERED',
    alter: async (f) => JSON.stringify({ ...json(f), exportedAt: Number(json(f).exportedAt) - 86_400_000 }),
  },
  {
    fault: "the header's schema version lowered (to make an upgrade rewrite rows)",
    code: 'VAULT_FILE_TAMPERED',
    alter: async (f) => JSON.stringify({ ...json(f), schemaVersion: 1 }),
  },
  {
    fault: 'the file cut off mid-JSON',
    code: 'VAULT_FILE_MALFORMED',
    alter: async (f) => f.slice(0, Math.floor(f.length / 2)),
  },
  {
    fault: 're-sealed under the same passphrase with a forged mandate row (no signature, any payee)',
    code: 'VAULT_FILE_INVALID_ROWS',
    async alter(f) {
      const opened = await openVaultFile(f, PASSPHRASE);
      if (!opened.ok) throw new Error(opened.message);
      const forged = {
        hash: `0x${'ab'.repeat(32)}`,
        delegator: `0x${'11'.repeat(20)}`,
        delegate: `0x${'22'.repeat(20)}`,
        capability: 'payment.usdc.send',
        status: 'active',
        uses: 0,
        maxUses: 99,
        delegation: { recipient: 'anyone' },
      };
      const tables = { ...opened.contents.tables, mandates: [...(opened.contents.tables.mandates ?? []), forged] };
      return sealVaultFile({ ...opened.contents, tables }, PASSPHRASE, { kdf: KDF, now: opened.header.exportedAt });
    },
  },
];

export async function tamperedBackupRows(): Promise<FaultRow[]> {
  const h = await faultHome('faults-backup');
  const { file } = await exportVault(h.parts.vault, PASSPHRASE, { kdf: KDF });
  const rows: FaultRow[] = [];
  const tries: { fault: string; code: string; text: string; passphrase: string }[] = [
    ...(await Promise.all(
      TAMPERS.map(async (t) => ({ fault: t.fault, code: t.code, text: await t.alter(file), passphrase: PASSPHRASE })),
    )),
    {
      fault: 'the untouched file with the wrong passphrase',
      code: 'WRONG_PASSPHRASE',
      text: file,
      passphrase: 'correct horse battery stapler',
    },
  ];
  for (const t of tries) {
    const before = await digestOfVault(h.parts.vault);
    const outcome = await importVault(h.parts.vault, t.text, t.passphrase);
    const untouched = (await digestOfVault(h.parts.vault)) === before;
    const answers = await inWords(() => h.agent.ask({ message: 'Who are my contacts?', surface: 'sidepanel' }));
    const refused = !outcome.ok;
    rows.push({
      group: GROUP,
      fault: t.fault,
      expected: `refused (${t.code}) in words; the vault untouched; the agent still answers`,
      observed: refused
        ? `${outcome.code}: ${outcome.message} Vault ${untouched ? 'untouched' : 'CHANGED'}; agent: ${answers.kind}.`
        : `ACCEPTED; vault ${untouched ? 'untouched' : 'CHANGED'}`,
      pass: refused && outcome.code === t.code && untouched && answers.kind === 'answer',
    });
  }
  // The control: the same file, untouched, imports into a fresh vault — the refusals above are the tampering's.
  const fresh = await faultHome('faults-backup-control');
  const control = await importVault(fresh.parts.vault, file, PASSPHRASE);
  const same =
    control.ok &&
    (await digestOfVault(fresh.parts.vault)) !== '' &&
    (await fresh.parts.vault.records.list('contact', h.who.alice)).rows.length ===
      (await h.parts.vault.records.list('contact', h.who.alice)).rows.length;
  rows.push({
    group: GROUP,
    fault: 'control: the untouched file, the right passphrase, into another vault',
    expected: 'imported (the refusals above are the tampering’s)',
    observed: control.ok
      ? `imported: ${Object.values(control.counts).reduce((a, b) => a + b, 0)} rows, the contacts as exported: ${same ? 'yes' : 'NO'}`
      : `${control.code}: ${control.message}`,
    pass: control.ok && same,
  });
  return rows;
}
