import { describe, expect, it } from 'vitest';
import { HOME_LIMITS } from '../protocol/messages/home';
import { testHome } from './testing/test-home';

const PASS = 'demo passphrase for tests';
const EXPORT_PASS = 'export passphrase 2026';
type Export = { fileName: string; text: string; counts: Record<string, number> };

/** Sends a file in pieces, as the options page does, and returns the upload id. */
async function upload(t: Awaited<ReturnType<typeof testHome>>, text: string, pieceChars?: number): Promise<string> {
  const { uploadId, chunkChars } = await t.call<{ uploadId: string; chunkChars: number }>({
    type: 'home.vault.import.begin',
    chars: text.length,
  });
  expect(chunkChars).toBe(HOME_LIMITS.importChunk);
  const size = pieceChars ?? chunkChars;
  for (let i = 0, index = 0; i < text.length; i += size, index += 1) {
    await t.call({ type: 'home.vault.import.chunk', uploadId, index, data: text.slice(i, i + size) });
  }
  return uploadId;
}

describe('the Home: export and import of the vault', () => {
  it('exports the demo vault and imports it into a fresh profile: the same records, locked afterwards', async () => {
    const source = await testHome();
    await source.call({ type: 'home.demo.load', passphrase: PASS });
    const exported = await source.call<Export>({ type: 'home.vault.export', passphrase: EXPORT_PASS });
    expect(exported.fileName).toMatch(/^home-agent-vault-\d{4}-\d{2}-\d{2}\.json$/);

    // Small pieces here (this test's chain snapshot is not in the vault, so the file is small): many pieces, in order.
    const target = await testHome();
    const id = await upload(target, exported.text, 4_000);
    expect(
      await target.send({ type: 'home.vault.import.commit', uploadId: id, passphrase: 'wrong passphrase' }),
    ).toMatchObject({ ok: false, error: { code: 'WRONG_PASSPHRASE' } });
    const done = await target.call<{
      counts: Record<string, number>;
      status: { stage: string; unlocked: boolean; demo: boolean };
    }>({ type: 'home.vault.import.commit', uploadId: id, passphrase: EXPORT_PASS });
    expect(done.counts.records).toBe(exported.counts.records);
    expect(done.status).toMatchObject({ stage: 'ready', demo: true, unlocked: false });
    expect(target.reloads).toEqual(['import']);

    const summaryOf = (t: typeof source) => t.call({ type: 'home.vault.summary' });
    expect(await summaryOf(target)).toEqual(await summaryOf(source));
    expect(await target.call({ type: 'home.unlock', passphrase: PASS })).toMatchObject({ unlocked: true });
  }, 60_000);

  it('refuses pieces out of order, more than announced, and a cancelled upload', async () => {
    const t = await testHome();
    const { uploadId } = await t.call<{ uploadId: string }>({ type: 'home.vault.import.begin', chars: 10 });
    expect(await t.send({ type: 'home.vault.import.chunk', uploadId, index: 1, data: 'abc' })).toMatchObject({
      ok: false,
      error: { code: 'OUT_OF_ORDER' },
    });
    expect(await t.send({ type: 'home.vault.import.chunk', uploadId, index: 0, data: 'x'.repeat(11) })).toMatchObject({
      ok: false,
      error: { code: 'TOO_LARGE' },
    });
    expect(await t.call({ type: 'home.vault.import.chunk', uploadId, index: 0, data: 'abc' })).toEqual({
      received: 3,
      total: 10,
    });
    expect(await t.send({ type: 'home.vault.import.commit', uploadId, passphrase: 'p' })).toMatchObject({
      ok: false,
      error: { code: 'INCOMPLETE' },
    });
    expect(await t.call({ type: 'home.vault.import.cancel', uploadId })).toEqual({ cancelled: true });
    expect(await t.send({ type: 'home.vault.import.chunk', uploadId, index: 1, data: 'def' })).toMatchObject({
      ok: false,
      error: { code: 'UPLOAD_UNKNOWN' },
    });
  });

  it('refuses a damaged file and leaves the vault as it was', async () => {
    const source = await testHome();
    await source.call({ type: 'home.demo.load', passphrase: PASS });
    const exported = await source.call<Export>({ type: 'home.vault.export', passphrase: EXPORT_PASS });
    const target = await testHome();
    await target.call({ type: 'home.key.create', name: 'Maya', passphrase: 'Maya passphrase 1' });
    const before = await target.call({ type: 'home.vault.summary' });
    const damaged =
      exported.text.slice(0, -40) + exported.text.slice(-40).replace(/[0-9a-f]/, (d) => (d === '0' ? '1' : '0'));
    const id = await upload(target, damaged);
    const reply = await target.send({ type: 'home.vault.import.commit', uploadId: id, passphrase: EXPORT_PASS });
    expect(reply.ok).toBe(false);
    expect(await target.call({ type: 'home.vault.summary' })).toEqual(before);
  }, 60_000);
});
