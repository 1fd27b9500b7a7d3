import { describe, expect, it } from 'vitest';
import { expectKind, replyOf, throwingModel } from '../harness/testing';
import { realWorld } from './testing/real-world';

/**
 * A damaged record is never silently left out of an answer, on the real vault: rows altered in fake-indexeddb behind
 * the vault's back (past its schemas) are left out of the read by the vault's repositories, passed to the harness
 * through the VaultPort (src/adapters/vault/*.ts) by table and id, and said in the answer with where to see them;
 * the plannerTrace and the receipt name them. No model (a throwing one): the reads are compiled shapes.
 */
describe('a damaged row in the real vault, read by the agent', () => {
  it('"Who are my contacts?" with Bob’s card damaged: three listed, the fourth said and named in trace and receipt', async () => {
    const w = await realWorld({ model: throwingModel() });
    const bob = (await w.parts.vault.records.named('contact', w.who.alice, 'bob')).rows[0]!;
    await w.parts.vault.db.records.update(bob.id, { data: { ...bob.data, address: 'nowhere' } } as never);

    const answer = expectKind(replyOf(await w.ask({ message: 'Who are my contacts?' })), 'answer');
    expect(answer.text).toMatch(/^You have 3 contacts: /);
    expect(answer.text).not.toMatch(/Bob/);
    expect(answer.text).toMatch(
      /1 record in your vault could not be read \(damaged\).*the Vault section of your Home names it\.$/,
    );
    expect(answer.plannerTrace.damaged).toEqual([expect.objectContaining({ table: 'records', id: bob.id })]);
    const receipts = (await w.parts.vault.receipts.byRun(answer.runRef)).rows;
    expect(receipts.map((r) => (r.body as { attests: unknown }).attests)).toEqual([
      expect.objectContaining({ damaged: { count: 1, rows: [{ table: 'records', id: bob.id }] } }),
    ]);
    // The Home's vault browser reads the same row and names it in words.
    expect((await w.parts.vault.records.list('contact', w.who.alice)).corrupt).toEqual([
      expect.objectContaining({ id: bob.id, message: expect.stringMatching(/is damaged and was left out/) }),
    ]);
  });

  it('"Show my receipts": a receipt row that no longer reads is said, not dropped', async () => {
    const w = await realWorld({ model: throwingModel() });
    expectKind(replyOf(await w.ask({ message: 'Who are my contacts?' })), 'answer');
    expectKind(replyOf(await w.ask({ message: 'Which organizations do I belong to?' })), 'answer');
    const [first] = (await w.parts.vault.receipts.recent({ subject: w.who.alice, limit: 5 })).rows;
    await w.parts.vault.db.receipts.update(first!.id, { body: { schemaVersion: 1, toolId: 'altered' } } as never);

    const answer = expectKind(replyOf(await w.ask({ message: 'Show my receipts' })), 'answer');
    // The step that still reads, by its capability's label — never its id ("person.contact.list"). Which of the two
    // was damaged depends on their order within one millisecond.
    expect(answer.text).toMatch(/^Your 1 most recent receipt: list my (contacts|organizations)\./);
    expect(answer.text).not.toMatch(/\.list\b/);
    expect(answer.results?.[0]).toMatchObject({
      what: expect.stringMatching(/^List my (contacts|organizations)$/),
      at: expect.stringMatching(/Z$/),
    });
    expect(answer.text).toMatch(/1 record in your vault could not be read/);
    expect(answer.plannerTrace.damaged).toEqual([expect.objectContaining({ table: 'receipts', id: first!.id })]);
  });
});
