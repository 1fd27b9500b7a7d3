import type { Page } from '@playwright/test';
import { expect, launchExtension, stopServiceWorker, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

type Wire = { ok: true; data: Record<string, unknown> } | { ok: false; error: { code: string; message: string } };
const send = (page: Page, message: unknown) =>
  page.evaluate((m) => chrome.runtime.sendMessage(m) as Promise<Wire>, message);
async function data(page: Page, message: unknown): Promise<Record<string, unknown>> {
  const reply = await send(page, message);
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.data;
}

/**
 * The real harness in the built extension: a fresh profile, the demo Home loaded through the Home's own handler, a
 * side-panel ask answered by the harness in the worker (the Dexie vault in IndexedDB, the embedded chain restored
 * from its snapshot), then an act that needs a mandate, signed through the agent's handler from an extension page
 * and resumed to done. The faces' own sign sheet is tested by the faces' specs.
 */
test('a side-panel ask is answered by the real harness; an act is signed and done', async () => {
  const extension = await launchExtension();
  try {
    const home = await extension.context.newPage();
    await home.goto(extension.url('options.html'));
    await data(home, { type: 'home.demo.load', passphrase: 'a long test passphrase' });

    const panel = await extension.context.newPage();
    await panel.goto(extension.url('sidepanel.html'));
    // Selectors that hold whichever way the faces lay the side panel out: its one Ask box, its Ask button.
    const ask = async (words: string) => {
      await panel.getByRole('textbox').first().fill(words);
      await panel.getByRole('button', { name: /^Ask/ }).first().click();
    };
    await ask("Who's in Missio Nexus right now?");
    await expect(panel.locator('body')).toContainText('Missio Nexus has 4 members', { timeout: 30_000 });
    await expect(panel.locator('body')).toContainText('Dr. Dave Silva, MD');

    const asked = await data(home, { type: 'ask', words: 'Add dave to my contacts.' });
    const required = asked.reply as { kind: string; requirement: { bindingDigest: string } };
    expect(required.kind).toBe('authority_required');
    expect(await data(home, { type: 'agent.pending' })).toMatchObject({
      runs: [{ runRef: asked.runRef, waitingFor: 'authority' }],
    });
    const done = await data(home, {
      type: 'agent.sign',
      runRef: asked.runRef,
      expect: required.requirement.bindingDigest,
    });
    expect(done.reply).toMatchObject({
      kind: 'done',
      result: { text: 'I added Dr. Dave Silva, MD to your contacts.' },
    });

    // The worker is stopped between asks: the next one wakes it, and the vault (and the new contact) are still there.
    await stopServiceWorker(extension);
    await ask('How many contacts do I have?');
    await expect(panel.locator('body')).toContainText('You have 5 contacts', { timeout: 30_000 });
  } finally {
    await extension.close();
  }
});
