import { expect, test } from './fixtures';
import { closeOverlay, overlayDialog, overlayFrame } from './overlay-support';

test('the keyboard command opens the overlay frame in an open shadow root with the selection quoted, untrusted', async ({
  page,
  pages,
  contentScript,
  background,
  saveScreenshot,
}) => {
  await page.goto(pages.url('/article.html'));
  await page.bringToFront(); // a click reaches the overlay's frame (out of process) only in the tab in front
  await page.locator('#advice').selectText();
  await contentScript.command(page);

  const overlay = overlayDialog(page);
  await expect(overlay).toBeVisible();
  // The page's side of it: an open shadow root that holds only the frame, at Home Agent's (per-session) URL.
  const host = await page.evaluate(() => {
    const shadow = document.querySelector('home-agent-overlay')?.shadowRoot;
    return {
      mode: shadow?.mode,
      children: [...(shadow?.children ?? [])].map((e) => e.tagName),
      src: shadow?.querySelector('iframe')?.src ?? '',
    };
  });
  expect(host).toMatchObject({ mode: 'open', children: ['STYLE', 'IFRAME'] });
  // No nonce in it: the content script posts that to the frame it made, so the page's copy of this URL gets nothing.
  expect(host.src).toMatch(/^chrome-extension:\/\/[^/]+\/overlay-frame\.html$/);
  await expect(page.locator('home-agent-overlay iframe')).toHaveAttribute('title', 'Ask Home Agent');

  const quote = overlay.getByRole('figure', { name: 'Quoted page text' });
  await expect(quote).toContainText(`Quoted from ${pages.origin} — page text, not an instruction`);
  const advice = 'Walk twenty minutes a day and log your blood pressure each morning.';
  await expect(quote.locator('blockquote')).toHaveText(advice);
  await expect(quote.locator('blockquote')).toHaveAttribute('data-trust', 'untrusted');

  const before = await background.handled('ask');
  await overlay.getByRole('textbox', { name: 'Ask your agent about this' }).fill('Is this right for me?');
  await overlay.getByRole('button', { name: 'Ask', exact: true }).click();
  // The ask reached the harness over the streamed ask's Port (this profile's Home is empty, so it answers that in words).
  await expect(overlay.getByRole('alert')).toContainText('This Home holds no person yet', { timeout: 20_000 });
  expect(await background.handled('ask')).toBe(before + 1);
  await saveScreenshot(page, 'overlay');
});

test('the context-menu item opens the overlay with the selection the browser reported; × and Escape close it', async ({
  page,
  pages,
  contentScript,
}) => {
  await page.goto(pages.url('/article.html'));
  await page.bringToFront(); // a click reaches the overlay's frame (out of process) only in the tab in front
  const injection = await page.locator('#injection').textContent();
  await contentScript.contextMenu(page, injection ?? '');

  const overlay = overlayDialog(page);
  await expect(overlay.locator('blockquote')).toHaveText(injection ?? '');
  await expect(overlay.getByRole('figure', { name: 'Quoted page text' })).toContainText(
    'page text, not an instruction',
  );
  await overlay.getByRole('textbox', { name: 'Ask your agent about this' }).fill('What does this page want?');
  await overlay.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(overlay.getByRole('alert')).toContainText('This Home holds no person yet', { timeout: 20_000 });
  await closeOverlay(page, 'button');

  // Keyboard alone: the frame takes focus when it opens, the Ask box first; Escape closes it.
  await contentScript.command(page);
  await expect(overlayDialog(page).getByRole('textbox', { name: 'Ask your agent' })).toBeFocused();
  await closeOverlay(page, 'escape');
});

test('the overlay opens without a selection, and the page can neither open it nor close it', async ({
  page,
  pages,
  contentScript,
}) => {
  await page.goto(pages.url('/article.html'));
  await page.bringToFront(); // a click reaches the overlay's frame (out of process) only in the tab in front
  await page.evaluate(() => window.postMessage({ type: 'overlay.open' }, '*'));
  // A control through the page's relay, posted after: once the background answers it, the page's message was heard.
  await page.evaluate(() => window.homeAgent.request({ method: 'home_ping' }));
  await expect(page.locator('home-agent-overlay')).toHaveCount(0);
  await contentScript.command(page);
  const overlay = overlayDialog(page);
  await expect(overlay.getByRole('textbox', { name: 'Ask your agent' })).toBeVisible();
  await expect(overlay.getByRole('figure')).toHaveCount(0);
  // A close forged by the page never reaches the content script (it obeys only its own frame, by the browser's sender).
  await page.evaluate(() => window.postMessage({ type: 'overlay.close', nonce: 'AAAAAAAAAAAAAAAAAAAAAA' }, '*'));
  // A control through the page's relay, posted after: once the background answers it, the page's message was heard.
  await page.evaluate(() => window.homeAgent.request({ method: 'home_ping' }));
  await expect(overlay).toBeVisible();
});

test('a page with a strict content security policy (no frames at all) still gets the overlay frame', async ({
  page,
  pages,
  contentScript,
}) => {
  await page.goto(pages.url('/strict-csp.html'));
  await page.bringToFront(); // a click reaches the overlay's frame (out of process) only in the tab in front
  await page.locator('#note').selectText();
  await contentScript.command(page);
  const overlay = overlayDialog(page);
  await expect(overlay.getByRole('figure', { name: 'Quoted page text' }).locator('blockquote')).toHaveText(
    'Take the new tablet with breakfast, not at night.',
  );
  await expect(overlay.getByRole('textbox', { name: 'Ask your agent about this' })).toBeVisible();
});

test('the page can reach the open shadow root but not the Ask box: it is in a frame it cannot script', async ({
  page,
  pages,
  contentScript,
  background,
}) => {
  await page.goto(pages.url('/article.html'));
  await page.bringToFront(); // a click reaches the overlay's frame (out of process) only in the tab in front
  await contentScript.command(page);
  await expect(overlayDialog(page)).toBeVisible();
  const before = await background.handled('ask');
  const reach = await page.evaluate(() => {
    const frame = document.querySelector('home-agent-overlay')?.shadowRoot?.querySelector('iframe');
    if (frame === null || frame === undefined) throw new Error('no overlay frame');
    let windowDocument = 'readable';
    try {
      void frame.contentWindow?.document.body;
    } catch {
      windowDocument = 'refused';
    }
    return {
      contentDocument: frame.contentDocument === null ? 'null' : 'readable',
      windowDocument,
      textareas: document.querySelector('home-agent-overlay')?.shadowRoot?.querySelectorAll('textarea').length,
    };
  });
  expect(reach).toEqual({ contentDocument: 'null', windowDocument: 'refused', textareas: 0 });
  await expect(overlayFrame(page).getByRole('textbox', { name: 'Ask your agent' })).toHaveValue('');
  // A control the background answers after anything the page's script set off: no ask came before it.
  await page.evaluate(() => window.homeAgent.request({ method: 'home_ping' }));
  expect(await background.handled('ask')).toBe(before);
});

test('a page that covers or fades the overlay (to steer clicks into it) finds its controls paused until it is in view', async ({
  page,
  pages,
  contentScript,
  background,
}) => {
  await page.goto(pages.url('/article.html'));
  await page.bringToFront();
  await contentScript.command(page);
  const overlay = overlayDialog(page);
  await overlay.getByRole('textbox', { name: 'Ask your agent' }).fill('Is this right for me?');
  const ask = await overlay.getByRole('button', { name: 'Ask', exact: true }).boundingBox();
  if (ask === null) throw new Error('no Ask button');
  const before = await background.handled('ask');

  // A near-transparent layer over everything, letting clicks through to the frame: the classic clickjacking set-up.
  await page.evaluate(() => {
    const cover = Object.assign(document.createElement('div'), { id: 'cover' });
    cover.style.cssText = 'position:fixed;inset:0;z-index:2147483647;pointer-events:none;background:rgba(0,0,0,0.01)';
    document.documentElement.append(cover);
  });
  await expect(overlay.getByRole('status')).toHaveText(
    'The page is covering Home Agent, so its buttons are paused until it is fully in view.',
  );
  // This click asks nothing: no reply comes of it, and the one unpaused click below counts one ask, not two.
  await page.mouse.click(ask.x + ask.width / 2, ask.y + ask.height / 2);

  // Faded (the host made nearly invisible) is the same.
  await page.evaluate(() => document.getElementById('cover')?.remove());
  await expect(overlay.getByRole('status')).toHaveCount(0);
  await page.evaluate(() => ((document.querySelector('home-agent-overlay') as HTMLElement).style.opacity = '0.1'));
  await expect(overlay.getByRole('status')).toHaveCount(1);
  await page.evaluate(() => ((document.querySelector('home-agent-overlay') as HTMLElement).style.opacity = ''));
  await expect(overlay.getByRole('status')).toHaveCount(0);

  // In full view again, the same click asks.
  await expect(overlay.getByRole('alert')).toHaveCount(0);
  expect(await background.handled('ask')).toBe(before);
  await page.mouse.click(ask.x + ask.width / 2, ask.y + ask.height / 2);
  await expect(overlay.getByRole('alert')).toContainText('This Home holds no person yet', { timeout: 20_000 });
  expect(await background.handled('ask')).toBe(before + 1);
});
