import { describe, expect, it } from 'vitest';
import { classifySender, describeSender } from './sender';

const self = { id: 'oecdimfcdkaaiomgojjgjopecgaihpnl', origin: 'chrome-extension://oecdimfcdkaaiomgojjgjopecgaihpnl' };

describe('sender classification', () => {
  it('knows an extension page in the side panel, the popup or a tab', () => {
    expect(classifySender({ id: self.id, url: `${self.origin}/sidepanel.html`, origin: self.origin }, self)).toEqual({
      kind: 'extension-page',
      origin: self.origin,
    });
    expect(
      classifySender(
        {
          id: self.id,
          url: `${self.origin}/options.html`,
          origin: self.origin,
          tab: { id: 3, url: `${self.origin}/options.html` },
        },
        self,
      ),
    ).toEqual({ kind: 'extension-page', origin: self.origin, tabId: 3 });
  });

  it('knows a content script by its tab, and takes its origin from the browser', () => {
    const sender = {
      id: self.id,
      url: 'http://127.0.0.1:8123/page.html?x=1',
      origin: 'http://127.0.0.1:8123',
      frameId: 0,
      tab: { id: 9, url: 'http://127.0.0.1:8123/page.html?x=1' },
    };
    expect(classifySender(sender, self)).toEqual({
      kind: 'content-script',
      origin: 'http://127.0.0.1:8123',
      tabId: 9,
      frameId: 0,
    });
    const noOrigin = { id: self.id, url: 'http://localhost:9/a', tab: { id: 9 } };
    expect(classifySender(noOrigin, self)).toMatchObject({ kind: 'content-script', origin: 'http://localhost:9' });
  });

  it('prefers the frame origin the browser reports over the tab URL', () => {
    const framed = {
      id: self.id,
      url: 'https://ads.example/frame',
      origin: 'https://ads.example',
      frameId: 4,
      tab: { id: 9, url: 'http://127.0.0.1:1/' },
    };
    expect(classifySender(framed, self)).toMatchObject({
      kind: 'content-script',
      origin: 'https://ads.example',
      frameId: 4,
    });
  });

  it('refuses another extension, a sender without a tab or origin, and a mismatched extension URL', () => {
    expect(() => classifySender({ id: 'another-extension', url: `${self.origin}/popup.html` }, self)).toThrow(
      /did not come from Home Agent/,
    );
    expect(() => classifySender({ url: `${self.origin}/popup.html` }, self)).toThrow(/did not come from Home Agent/);
    expect(() => classifySender({ id: self.id, url: 'http://127.0.0.1:1/' }, self)).toThrow(
      /could not tell which page/,
    );
    expect(() => classifySender({ id: self.id }, self)).toThrow(/could not tell which page/);
    const mismatched = {
      id: self.id,
      url: `${self.origin}/popup.html`,
      origin: 'https://evil.example',
      tab: { id: 1 },
    };
    expect(classifySender(mismatched, self)).toMatchObject({ kind: 'content-script', origin: 'https://evil.example' });
  });

  it("knows the overlay frame (the extension page inside a web page's tab) as its own kind, never an extension page", () => {
    const frame = {
      id: self.id,
      url: `${self.origin}/overlay-frame.html#AAAAAAAAAAAAAAAAAAAAAA`,
      origin: self.origin,
      frameId: 7,
      tab: { id: 9, url: 'http://127.0.0.1:8123/article.html' },
    };
    expect(classifySender(frame, self)).toEqual({ kind: 'overlay-frame', origin: self.origin, tabId: 9, frameId: 7 });
    expect(describeSender(classifySender(frame, self))).toBe("Home Agent's overlay conversation inside a web page");
    // Loaded top-level in a tab, or without the tab's URL, it is still the overlay frame: the page it is, not where.
    expect(classifySender({ ...frame, frameId: 0, tab: { id: 4 } }, self)).toMatchObject({
      kind: 'overlay-frame',
      tabId: 4,
    });
    expect(() =>
      classifySender({ id: self.id, url: `${self.origin}/overlay-frame.html`, origin: self.origin }, self),
    ).toThrow(/outside any tab/);
  });

  it('refuses any other extension page embedded in a subframe of a tab, and an extension origin posing as a page', () => {
    const embedded = {
      id: self.id,
      url: `${self.origin}/options.html`,
      origin: self.origin,
      frameId: 3,
      tab: { id: 9, url: 'http://127.0.0.1:8123/' },
    };
    expect(() => classifySender(embedded, self)).toThrow(/embedded inside another page/);
    const dynamic = {
      id: self.id,
      url: 'chrome-extension://0f1e2d3c-dynamic/overlay-frame.html',
      frameId: 3,
      tab: { id: 9 },
    };
    expect(() => classifySender(dynamic, self)).toThrow(/could not tell which page/);
  });
});
