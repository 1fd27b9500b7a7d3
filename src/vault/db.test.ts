import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openVault } from './db';
import { VAULT_TABLES } from './schema';

describe('vault schema v1', () => {
  it('opens with every table of DESIGN §5 and keeps a settings row across a reopen', async () => {
    const db = await openVault('schema-v1-test');
    expect(db.tables.map((t) => t.name).sort()).toEqual([...VAULT_TABLES].sort());
    await db.settings.put({ key: 'greeting', value: { hello: 'world' }, updatedAt: 1 });
    db.close();
    const again = await openVault('schema-v1-test');
    expect((await again.settings.get('greeting'))?.value).toEqual({ hello: 'world' });
    expect(await again.records.where('[type+owner]').equals(['contact', '0xabc']).count()).toBe(0);
    again.close();
  });
});
