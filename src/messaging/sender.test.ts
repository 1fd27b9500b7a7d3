import { describe, expect, it } from 'vitest';
import { classifySender } from './sender';

const self = { id: 'oecdimfcdkaaiomgojjgjopecgaihpnl', origin: 'chrome-extension://oecdimfcdkaaiomgojjgjopecgaihpnl' };

describe('sender classification', () => {
  it('knows an extension page in the side panel, the popup or a tab', () => {
    expect(classifySender({ id: self.id, url: `${self.origin}/sidepanel.html`, origin: self.origin }, self)).toEqual({ kind: 'extension-page', origin: self.origin });
    expect(classifySender({ id: self.id, url: `${self.origin}/options.html`, origin: self.origin, tab: { id: 3, url: `${self.origin}/options.html` } }, self)).toEqual({ kind: 'extension-page', origin: self.origin, tabId: 3 });
  });

  it('knows a content script by its tab, and takes its origin from the browser', () => {
    const sender = { id: self.id, url: 'http://127.0.0.1:8123/page.html?x=1', origin: 'http://127.0.0.1:8123', frameId: 0, tab: { id: 9, url: 'http://127.0.0.1:8123/page.html?x=1' } };
    expect(classifySender(sender, self)).toEqual({ kind: 'content-script', origin: 'http://127.0.0.1:8123', tabId: 9, frameId: 0 });
    const noOrigin = { id: self.id, url: 'http://localhost:9/a', tab: { id: 9 } };
    expect(classifySender(noOrigin, self)).toMatchObject({ kind: 'content-script', origin: 'http://localhost:9' });
  });

  it('prefers the frame origin the browser reports over the tab URL', () => {
    const framed = { id: self.id, url: 'https://ads.example/frame', origin: 'https://ads.example', frameId: 4, tab: { id: 9, url: 'http://127.0.0.1:1/' } };
    expect(classifySender(framed, self)).toMatchObject({ kind: 'content-script', origin: 'https://ads.example', frameId: 4 });
  });

  it('refuses another extension, a sender without a tab or origin, and a mismatched extension URL', () => {
    expect(() => classifySender({ id: 'another-extension', url: `${self.origin}/popup.html` }, self)).toThrow(/did not come from Home Agent/);
    expect(() => classifySender({ url: `${self.origin}/popup.html` }, self)).toThrow(/did not come from Home Agent/);
    expect(() => classifySender({ id: self.id, url: 'http://127.0.0.1:1/' }, self)).toThrow(/could not tell which page/);
    expect(() => classifySender({ id: self.id }, self)).toThrow(/could not tell which page/);
    const mismatched = { id: self.id, url: `${self.origin}/popup.html`, origin: 'https://evil.example', tab: { id: 1 } };
    expect(classifySender(mismatched, self)).toMatchObject({ kind: 'content-script', origin: 'https://evil.example' });
  });
});
