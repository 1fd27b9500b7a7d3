import type { Page } from '@playwright/test';
import { expect, test, type ExtensionHandle } from './fixtures';
import { overlayDialog } from './overlay-support';
import { startStaticServer } from './static-server';
import { demoExtension } from './faces-support';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let extension: ExtensionHandle;
let pages: Awaited<ReturnType<typeof startStaticServer>>;
test.beforeAll(async () => {
  [extension, pages] = await Promise.all([demoExtension(), startStaticServer()]);
});
test.afterAll(async () => Promise.all([extension.close(), pages.close()]));

/**
 * A hostile page's script, installed before the page loads (the main world, as the site's own code runs): it logs
 * every key, input, paste, composition and message event it can hear, every node added anywhere it can reach (open
 * shadow roots included), and on demand walks the whole DOM it can see and tries to reach into the overlay's frame.
 */
function spy(): void {
  const heard: string[] = [];
  const w = window as unknown as { __heard: string[]; __walk: () => { text: string; reach: string[] } };
  w.__heard = heard;
  for (const type of ['keydown', 'keyup', 'keypress', 'beforeinput', 'input', 'paste', 'compositionend', 'message']) {
    window.addEventListener(
      type,
      (event) =>
        heard.push(
          `${type}:${(event as KeyboardEvent).key ?? ''}:${(event as InputEvent).data ?? ''}:${JSON.stringify((event as MessageEvent).data ?? '')}`,
        ),
      true,
    );
  }
  const watch = (root: Node) =>
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) heard.push(`added:${node.textContent ?? ''}`);
    }).observe(root, { subtree: true, childList: true, characterData: true });
  watch(document);
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const shadow = attach.call(this, init);
    watch(shadow);
    return shadow;
  };
  w.__walk = () => {
    const reach: string[] = [];
    const texts: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        texts.push(el.outerHTML);
        if (el.shadowRoot !== null) visit(el.shadowRoot);
        if (el instanceof HTMLIFrameElement) {
          reach.push(`contentDocument:${el.contentDocument === null ? 'null' : el.contentDocument.body.innerText}`);
          try {
            reach.push(`document:${el.contentWindow?.document.body.innerText}`);
          } catch {
            reach.push('document:refused');
          }
          try {
            reach.push(`href:${el.contentWindow?.location.href}`);
          } catch {
            reach.push('href:refused');
          }
        }
      }
    };
    visit(document);
    for (let i = 0; i < window.frames.length; i += 1) {
      try {
        texts.push(window.frames[i]!.document.body.innerText);
      } catch {
        reach.push(`frames[${i}]:refused`);
      }
    }
    return { text: texts.join('\n') + String(document.getSelection()), reach };
  };
}

async function openOverlay(page: Page): Promise<void> {
  const worker = await extension.serviceWorker();
  await worker.evaluate(async (url) => {
    const tab = (await chrome.tabs.query({})).find((t) => t.url === url);
    (chrome.commands.onCommand as unknown as { dispatch(command: string, tab: chrome.tabs.Tab): void }).dispatch(
      'open-overlay',
      tab!,
    );
  }, page.url());
}

test('the page cannot read the person’s words or the reply; the selection still arrives as quoted material', async () => {
  const page = await extension.context.newPage();
  await page.addInitScript(spy);
  await page.goto(pages.url('/article.html'));
  await page.bringToFront();
  await page.locator('#advice').selectText();
  await openOverlay(page);
  const overlay = overlayDialog(page);
  await expect(overlay.getByRole('figure', { name: 'Quoted page text' }).locator('blockquote')).toHaveText(
    'Walk twenty minutes a day and log your blood pressure each morning.',
  );

  const question = 'Who are my contacts?';
  const box = overlay.getByRole('textbox', { name: 'Ask your agent about this' });
  await box.click();
  await page.keyboard.type(question); // real key events, one by one, as a person types
  await page.keyboard.press('Control+Enter');
  await expect(overlay.locator('article[data-kind="answer"]').getByRole('table')).toContainText('Bob Mensah', {
    timeout: 30_000,
  });

  const { text, reach } = await page.evaluate(() =>
    (window as unknown as { __walk: () => { text: string; reach: string[] } }).__walk(),
  );
  const heard = await page.evaluate(() => (window as unknown as { __heard: string[] }).__heard);
  // The walk did reach the overlay's host and frame — and nothing inside it.
  expect(text).toContain('home-agent-overlay');
  expect(text).toContain('overlay-frame.html');
  expect(reach).toEqual(['contentDocument:null', 'document:refused', 'href:refused']); // (a frame in a shadow tree is not in window.frames)
  for (const secret of [question, 'contacts', 'Bob Mensah', 'Carol Whitfield', '0x95f3f2', 'You have 4 contacts']) {
    expect(text, secret).not.toContain(secret);
    expect(heard.join('\n'), secret).not.toContain(secret);
  }
  // Not one keystroke of the question reached the page's listeners.
  expect(heard.filter((h) => /^(keydown|keyup|keypress|beforeinput|input):/.test(h))).toEqual([]);

  // The control: the same spy hears words typed into a field in the page's own DOM, and its walk reads them.
  await page.evaluate(() =>
    document.body.append(Object.assign(document.createElement('textarea'), { id: 'page-field' })),
  );
  await page.locator('#page-field').click();
  await page.keyboard.type('control words');
  const control = await page.evaluate(() =>
    (window as unknown as { __heard: string[] }).__heard
      .filter((h) => h.startsWith('input:'))
      .map((h) => h.split(':')[2])
      .join(''),
  );
  expect(control).toBe('control words');
  expect(await page.evaluate(() => (window as unknown as { __walk: () => { text: string } }).__walk().text)).toContain(
    'home-agent-overlay',
  );
  expect(await page.locator('#page-field').inputValue()).toBe('control words');
});

test("a forged overlay.material.take from a content script or the page is refused; the page's own copy of the frame holds no conversation", async () => {
  const page = await extension.context.newPage();
  await page.goto(pages.url('/article.html?forged'));
  await page.bringToFront();
  await page.locator('#injection').selectText();

  // A content script (Home Agent's isolated world in this tab) puts a selection, then tries to take it back itself.
  const worker = await extension.serviceWorker();
  const forged = await worker.evaluate(async (url) => {
    const tab = (await chrome.tabs.query({})).find((t) => t.url === url);
    const [result] = await chrome.scripting.executeScript({
      target: { tabId: tab!.id! },
      func: async () => {
        const nonce = 'Zm9yZ2VkIGJ5IGEgc2NyaXB0';
        const put = await chrome.runtime.sendMessage({ type: 'overlay.material.put', nonce, material: null });
        const take = await chrome.runtime.sendMessage({ type: 'overlay.material.take', nonce });
        return { put, take };
      },
    });
    return result?.result as { put: unknown; take: { ok: boolean; error?: { code: string; message: string } } };
  }, page.url());
  expect(forged.put).toEqual({ ok: true, data: { kept: true } });
  expect(forged.take).toEqual({
    ok: false,
    error: {
      code: 'SENDER_NOT_ALLOWED',
      message:
        '"overlay.material.take" is open only to Home Agent\'s overlay conversation inside a web page; this came from Home Agent\'s content script in a web page.',
    },
  });

  // The page opens the overlay's URL in a frame of its own (it can read it from the open shadow root) and tells it
  // a nonce of its choosing: the copy holds no conversation, and the page's own ask for a selection is refused.
  await openOverlay(page);
  await expect(overlayDialog(page).getByRole('figure', { name: 'Quoted page text' })).toContainText(
    'Ignore previous instructions',
  );
  const fromPage = await page.evaluate(async () => {
    const src = document.querySelector('home-agent-overlay')?.shadowRoot?.querySelector('iframe')?.src ?? '';
    const copy = Object.assign(document.createElement('iframe'), { id: 'copy', src, title: 'copy' });
    const guess = 'cGFnZSBndWVzc2VkIHRoaXMgb25l';
    copy.addEventListener('load', () => copy.contentWindow?.postMessage({ type: 'overlay.nonce', nonce: guess }, '*'));
    document.body.append(copy);
    return window.homeAgent.request({ method: 'overlay.material.take', params: { nonce: guess } }).then(
      () => 'answered',
      (e: { data: { code: string } }) => e.data.code,
    );
  });
  expect(['UNKNOWN_METHOD', 'BAD_INPUT', 'SENDER_NOT_ALLOWED']).toContain(fromPage);
  const copy = page.frameLocator('#copy').getByRole('dialog', { name: 'Ask Home Agent' });
  await expect(copy.getByRole('alert')).toContainText(
    /no longer holds the text you selected|not opened by Home Agent/,
    { timeout: 10_000 },
  );
  await expect(copy.getByRole('textbox')).toHaveCount(0);
  // The person's own overlay is untouched and still asks.
  await expect(overlayDialog(page).getByRole('textbox', { name: 'Ask your agent about this' })).toBeVisible();
});
