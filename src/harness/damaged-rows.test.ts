import { describe, expect, it } from 'vitest';
import { demoContext } from './testing/context';
import { expectKind, replyOf } from './testing/scenario';

/**
 * A damaged record is never silently left out of an answer (DESIGN §5: the vault validates every row on the way out).
 * A row the vault can no longer read is left out of what a read returns and nothing is done with it — and the answer
 * says, in words, how many could not be read and where the person sees which (the Home's vault browser); the
 * plannerTrace and the step's receipt name it by table and id. In-memory World: `MemoryVault.damage(id)` stands for a
 * row altered behind the vault's back (the real vault's case is src/agent/damaged-rows.test.ts).
 */
const contactId = (alice: string, who: string) => `contact:${alice.toLowerCase()}:${who.toLowerCase()}`;

describe('a damaged record in a read', () => {
  it('"Who are my contacts?" lists the three it can read and says a fourth could not be read, where to see it', async () => {
    const { world: w, vault } = await demoContext();
    const bob = contactId(w.who.alice, w.who.bob);
    vault.damage(bob);
    const answer = expectKind(replyOf(await w.ask({ message: 'Who are my contacts?' })), 'answer');
    expect(answer.text).toMatch(/^You have 3 contacts: /);
    expect(answer.text).not.toMatch(/Bob/);
    expect(answer.text).toMatch(
      /1 record in your vault could not be read \(damaged\), so it is not in this answer and nothing was done with it; the Vault section of your Home names it\.$/,
    );
    expect(answer.results).toHaveLength(3);
    const stepRef = answer.plannerTrace.damaged?.[0]?.stepRef ?? '';
    expect(answer.plannerTrace.damaged).toEqual([{ stepRef, table: 'records', id: bob }]);
    expect(answer.plannerTrace.notes.some((n) => n.includes('1 damaged vault row left out'))).toBe(true);
    const [receipt] = await w.receipts(answer.runRef);
    expect(receipt).toMatchObject({
      stepRef,
      toolId: 'person.contact.list',
      attests: { damaged: { count: 1, rows: [{ table: 'records', id: bob }] } },
    });
    expect(receipt!.attests.text).toMatch(/1 record in your vault could not be read/);
  });

  it('with nothing readable it does not say "no contacts yet": none could be read, and how many were not', async () => {
    const { world: w, vault } = await demoContext();
    for (const who of [w.who.david, w.who.bob, w.who.carol, w.who.nathan]) vault.damage(contactId(w.who.alice, who));
    const answer = expectKind(replyOf(await w.ask({ message: 'Who are my contacts?' })), 'answer');
    expect(answer.text).toBe(
      'No contact could be read. 4 records in your vault could not be read (damaged), so they are not in this answer and nothing was done with them; the Vault section of your Home names them.',
    );
    expect(answer.plannerTrace.damaged).toHaveLength(4);
  });

  it('an organization’s members: a damaged membership row is said, not dropped', async () => {
    const { world: w, vault } = await demoContext();
    const carol = [...vault.recordRows.values()].find(
      (r) => r.type === 'membership' && r.owner === w.who.missio && r.data.member === w.who.carol,
    );
    expect(carol).toBeDefined();
    vault.damage(carol!.id);
    const answer = expectKind(replyOf(await w.ask({ message: "Who's in Missio Nexus right now?" })), 'answer');
    expect(answer.text).not.toMatch(/Carol/);
    expect(answer.text).toMatch(/1 record in your vault could not be read/);
    expect(answer.plannerTrace.damaged).toEqual([expect.objectContaining({ table: 'records', id: carol!.id })]);
  });

  it('nothing is done on a damaged card: paying its person asks who they are, and nothing is paid', async () => {
    const { world: w, vault } = await demoContext();
    vault.damage(contactId(w.who.alice, w.who.bob));
    const before = await w.usdc(w.who.bob);
    const reply = replyOf(await w.ask({ message: 'Send 3 USDC to bob.' }));
    expect(reply.kind).toBe('prompt');
    expect(await w.usdc(w.who.bob)).toBe(before);
  });

  it('an undamaged read says nothing about damage and records none', async () => {
    const { world: w } = await demoContext();
    const answer = expectKind(replyOf(await w.ask({ message: 'Who are my contacts?' })), 'answer');
    expect(answer.text).toMatch(/^You have 4 contacts: [^.]+\.$/);
    expect(answer.plannerTrace.damaged).toBeUndefined();
  });
});
