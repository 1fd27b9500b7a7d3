import { describe, expect, it } from 'vitest';
import { OverlayMaterialPutRequest, OverlayMaterialTakeRequest } from './messages/overlay';
import { isOverlayFrameUrl, OverlayFrameCommand, OverlayNonceHandoff } from './overlay-frame';

const ID = 'oecdimfcdkaaiomgojjgjopecgaihpnl';
const NONCE = 'Zm9yIHRoaXMgb3ZlcmxheQ';

describe("the overlay frame's messages", () => {
  it("knows this extension's overlay frame page by scheme, id and path, and nothing else", () => {
    expect(isOverlayFrameUrl(`chrome-extension://${ID}/overlay-frame.html`, ID, '/overlay-frame.html')).toBe(true);
    expect(isOverlayFrameUrl(`chrome-extension://${ID}/overlay-frame.html#x`, ID, '/overlay-frame.html')).toBe(true);
    expect(isOverlayFrameUrl(`chrome-extension://${ID}/sidepanel.html`, ID, '/overlay-frame.html')).toBe(false);
    expect(isOverlayFrameUrl('chrome-extension://another/overlay-frame.html', ID, '/overlay-frame.html')).toBe(false);
    expect(isOverlayFrameUrl(`https://${ID}/overlay-frame.html`, ID, '/overlay-frame.html')).toBe(false);
    expect(isOverlayFrameUrl(undefined, ID, '/overlay-frame.html')).toBe(false);
    expect(isOverlayFrameUrl('not a url', ID, '/overlay-frame.html')).toBe(false);
  });

  it('takes strict, capped shapes: a nonce of 22 to 64 base64url characters, no extra fields', () => {
    expect(OverlayNonceHandoff.safeParse({ type: 'overlay.nonce', nonce: NONCE }).success).toBe(true);
    for (const nonce of ['short', 'x'.repeat(65), `${NONCE}!`, `${NONCE}/+`])
      expect(OverlayNonceHandoff.safeParse({ type: 'overlay.nonce', nonce }).success, nonce).toBe(false);
    expect(OverlayNonceHandoff.safeParse({ type: 'overlay.nonce', nonce: NONCE, origin: 'x' }).success).toBe(false);
    expect(OverlayFrameCommand.safeParse({ type: 'overlay.close', nonce: NONCE }).success).toBe(true);
    expect(
      OverlayFrameCommand.safeParse({ type: 'overlay.kept', nonce: NONCE, notice: { type: 'run.replied' } }).success,
    ).toBe(false);
    expect(OverlayMaterialTakeRequest.safeParse({ type: 'overlay.material.take', nonce: NONCE }).success).toBe(true);
    expect(OverlayMaterialPutRequest.safeParse({ type: 'overlay.material.put', nonce: NONCE }).success).toBe(false);
    expect(
      OverlayMaterialPutRequest.safeParse({ type: 'overlay.material.put', nonce: NONCE, material: null }).success,
    ).toBe(true);
    const trusted = { text: 'x', source: 'page-selection', origin: 'http://127.0.0.1:1', trust: 'trusted' };
    expect(
      OverlayMaterialPutRequest.safeParse({ type: 'overlay.material.put', nonce: NONCE, material: trusted }).success,
    ).toBe(false);
  });
});
