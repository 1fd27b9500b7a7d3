import { describe, expect, it } from 'vitest';
import { HomeError } from '../../protocol/errors';
import type { RecordInput } from '../records/record';
import { addr, openTestVault, T0 } from '../testing/open';

const alice = '0xAbCdEf0000000000000000000000000000000001';
const contact = (id: string, label: string, aliases: string[], owner = alice) =>
  ({ id, type: 'contact', owner, data: { label, aliases, address: addr(id.length + 100) } }) as const;

describe('records repository', () => {
  it('lists by type and owner through the compound index, whatever the address case', async () => {
    const vault = await openTestVault();
    await vault.records.put(contact('c-bob', 'Bob Mensah', ['Bob']));
    await vault.records.put(contact('c-carol', 'Carol Whitfield', ['carol']));
    await vault.records.put(contact('c-other', 'Someone', ['x'], addr(9)));
    await vault.records.put({ id: 'm-1', type: 'memory', owner: alice, data: { text: 'likes tea', tags: [] } });

    const read = await vault.records.list('contact', alice.toLowerCase());
    expect(read.corrupt).toEqual([]);
    expect(read.rows.map((r) => r.id).sort()).toEqual(['c-bob', 'c-carol']);
    expect(read.rows.find((r) => r.id === 'c-bob')?.data.aliases).toEqual(['bob']);
    expect(read.rows[0]?.owner).toBe(alice.toLowerCase());
    expect(await vault.records.count('memory', alice)).toBe(1);
  });

  it('keeps createdAt across a replace and stamps updatedAt from the clock', async () => {
    const vault = await openTestVault();
    await vault.records.put(contact('c-bob', 'Bob', ['bob']));
    vault.clock.advance(5_000);
    const again = await vault.records.put(contact('c-bob', 'Bob Mensah', ['bob']));
    expect(again.createdAt).toBe(T0);
    expect(again.updatedAt).toBe(T0 + 5_000);
    expect((await vault.records.get('c-bob'))?.data).toMatchObject({ label: 'Bob Mensah' });
  });

  it('resolves names exactly and case-insensitively, never fuzzily', async () => {
    const vault = await openTestVault();
    await vault.records.put(contact('c-david', 'David Adeyemi', ['david']));
    expect((await vault.records.named('contact', alice, 'DAVID')).rows.map((r) => r.id)).toEqual(['c-david']);
    expect((await vault.records.named('contact', alice, 'david adeyemi')).rows).toHaveLength(1);
    expect((await vault.records.named('contact', alice, 'dave')).rows).toEqual([]);
    expect((await vault.records.named('contact', alice, 'davi')).rows).toEqual([]);
  });

  it('refuses a row of the wrong shape in words and writes nothing', async () => {
    const vault = await openTestVault();
    const bad = {
      id: 'r-bad',
      type: 'cabinet.readings',
      owner: alice,
      data: { id: 'r-bad', metric: 'bp', value: 'high', unit: 'mmHg', at: '2026-09-29T08:00:00Z', source: 'you' },
    };
    const attempt = vault.records.put(bad as never);
    await expect(attempt).rejects.toBeInstanceOf(HomeError);
    await expect(attempt).rejects.toMatchObject({
      code: 'VAULT_ROW_INVALID',
      message: expect.stringContaining('data.value'),
    });
    expect(await vault.records.get('r-bad')).toBeUndefined();
    await expect(vault.records.list('contact', 'not-an-address')).rejects.toMatchObject({ code: 'BAD_ADDRESS' });
  });

  it('reports a damaged row by table and id and still returns the others', async () => {
    const vault = await openTestVault();
    await vault.records.put(contact('c-bob', 'Bob', ['bob']));
    await vault.db.records.put({
      id: 'c-broken',
      type: 'contact',
      owner: alice.toLowerCase(),
      data: { label: 42 },
      createdAt: 1,
      updatedAt: 1,
    });
    const read = await vault.records.list('contact', alice);
    expect(read.rows.map((r) => r.id)).toEqual(['c-bob']);
    expect(read.corrupt).toEqual([
      {
        table: 'records',
        id: 'c-broken',
        message: expect.stringMatching(/records row "c-broken" is damaged.*data\.label/),
      },
    ]);
    await expect(vault.records.get('c-broken')).rejects.toMatchObject({
      code: 'VAULT_ROW_CORRUPT',
      details: { table: 'records', id: 'c-broken' },
    });
    expect(await vault.check()).toEqual(read.corrupt);
  });

  it('reads exactly the cabinet folders asked for', async () => {
    const vault = await openTestVault();
    await vault.records.putMany([
      {
        id: 'bp-1',
        type: 'cabinet.readings',
        owner: alice,
        data: {
          id: 'bp-1',
          metric: 'bp',
          value: '128/78',
          unit: 'mmHg',
          at: '2026-09-29T08:05:00.000Z',
          source: 'device',
        },
      },
      {
        id: 'sym-1',
        type: 'cabinet.symptoms',
        owner: alice,
        data: { id: 'sym-1', text: 'ankles a little puffy', at: '2026-09-29T09:05:00.000Z' },
      },
    ]);
    const { folders, corrupt } = await vault.records.cabinet(alice, ['readings', 'doses']);
    expect(corrupt).toEqual([]);
    expect(Object.keys(folders).sort()).toEqual(['doses', 'readings']);
    expect(folders.readings?.map((r) => r.id)).toEqual(['bp-1']);
    expect(folders.doses).toEqual([]);
  });

  it('limits a list, and finds every membership naming a member whoever owns it', async () => {
    const vault = await openTestVault();
    await vault.records.putMany([contact('c-1', 'A', ['a']), contact('c-2', 'B', ['b']), contact('c-3', 'C', ['c'])]);
    expect((await vault.records.list('contact', alice, { limit: 2 })).rows).toHaveLength(2);
    const member = (org: number, who: string): RecordInput => ({
      id: `m-${org}-${who}`,
      type: 'membership',
      owner: addr(org),
      data: { principal: addr(org), member: who, memberLabel: 'Alice', memberAliases: [], roles: ['member'] },
    });
    await vault.records.putMany([member(1, alice), member(2, alice), member(3, addr(77))]);
    expect((await vault.records.membershipsOf(alice)).rows.map((m) => m.owner).sort()).toEqual([addr(1), addr(2)]);
  });

  it('deletes a record and says whether it was there', async () => {
    const vault = await openTestVault();
    await vault.records.put(contact('c-bob', 'Bob', ['bob']));
    expect(await vault.records.delete('c-bob')).toBe(true);
    expect(await vault.records.delete('c-bob')).toBe(false);
  });
});
