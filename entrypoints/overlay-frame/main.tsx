import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { requestBackground } from '../../src/messaging/client';
import { OverlayNonceHandoff } from '../../src/protocol/overlay-frame';
import { mountPage } from '../../src/ui/mount-page';
import { OverlayPanel, type QuotedState } from '../../src/ui/OverlayPanel';
import { message } from '../../src/ui/words/messages';
import { overlayTransport, toOpener } from './transport';
import './overlay-frame.css';

const send = (message: unknown) => browser.runtime.sendMessage(message);
/** How long the frame waits for its opener's nonce before it says it was not opened by Home Agent. */
const HANDOFF_WAIT_MS = 5000;

/**
 * The nonce the content script posts to this frame once it has loaded (src/protocol/overlay-frame.ts). Listened for
 * from the first moment (module scripts run before the frame's load event); the first well-formed message from the
 * embedding window is the one: the page shares that window, so a forged one is possible — it names no selection
 * kept for this tab, the take fails, and the frame fails closed (a page can break its own overlay, never use it).
 */
const nonce = new Promise<string | undefined>((resolve) => {
  const onMessage = (event: MessageEvent) => {
    if (event.source !== window.parent || window.parent === window) return;
    const handoff = OverlayNonceHandoff.safeParse(event.data);
    if (!handoff.success) return;
    window.removeEventListener('message', onMessage);
    resolve(handoff.data.nonce);
  };
  window.addEventListener('message', onMessage);
  setTimeout(() => resolve(undefined), HANDOFF_WAIT_MS);
});
/** This frame's tab: the one its content script runs in, and the only tab it may tell to close it. */
const tab = browser.tabs.getCurrent().then((t) => t?.id);

/** Redeemed once per load (StrictMode renders twice in development; a nonce is taken once). */
const quoted: Promise<QuotedState> = nonce.then((n) =>
  n === undefined
    ? { state: 'lost', message: message('overlayNotOpened') }
    : requestBackground(send, { type: 'overlay.material.take', nonce: n }).then((taken) =>
        taken.ok
          ? { state: 'ready', material: taken.data.material ?? undefined }
          : { state: 'lost', message: `${taken.error.message}` },
      ),
);

type Opened = { tabId: number | undefined; nonce: string | undefined; transport: ReturnType<typeof overlayTransport> };

function OverlayFrame() {
  const [state, setState] = useState<QuotedState>({ state: 'fetching' });
  const [opened, setOpened] = useState<Opened | undefined>(undefined);
  useEffect(() => {
    void quoted.then(setState);
    void Promise.all([tab, nonce]).then(([tabId, n]) =>
      setOpened({ tabId, nonce: n, transport: overlayTransport(tabId, n) }),
    );
  }, []);
  if (opened === undefined) return <p className="ha-meta">{message('overlayOpening')}</p>;
  const close = () => {
    if (opened.nonce !== undefined) void toOpener(opened.tabId, { type: 'overlay.close', nonce: opened.nonce });
  };
  const openSidePanel = async () => {
    // Straight from the person's click (the browser wants the gesture), else by the background for this frame's tab.
    if (
      opened.tabId !== undefined &&
      (await browser.sidePanel.open({ tabId: opened.tabId }).then(
        () => true,
        () => false,
      ))
    )
      return true;
    const asked = await requestBackground(send, { type: 'home.sidepanel.open' });
    return asked.ok && asked.data.opened;
  };
  return <OverlayPanel quoted={state} transport={opened.transport} onClose={close} openSidePanel={openSidePanel} />;
}

mountPage(<OverlayFrame />);
