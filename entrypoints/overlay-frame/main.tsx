import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { requestBackground } from '../../src/messaging/client';
import { OverlayNonce } from '../../src/protocol/messages-overlay';
import { mountPage } from '../../src/ui/mount-page';
import { OverlayPanel, type QuotedState } from '../../src/ui/OverlayPanel';
import { overlayTransport, toOpener } from './transport';
import './overlay-frame.css';

const send = (message: unknown) => browser.runtime.sendMessage(message);
/** The one-time nonce the content script put in this frame's URL hash; the selection is fetched by it, once. */
const nonce = OverlayNonce.safeParse(location.hash.slice(1));
/** This frame's tab: the one its content script runs in, and the only tab it may tell to close it. */
const tab = browser.tabs.getCurrent().then((t) => t?.id);

/** Fetched once per load (StrictMode renders twice in development; a nonce is redeemed once). */
const quoted: Promise<QuotedState> = nonce.success
  ? requestBackground(send, { type: 'overlay.material.take', nonce: nonce.data }).then((taken) =>
      taken.ok ? { state: 'ready', material: taken.data.material ?? undefined } : { state: 'lost', message: taken.error.message },
    )
  : Promise.resolve({ state: 'lost', message: 'This overlay was not opened by Home Agent; close it and open it again from the page.' });

function OverlayFrame() {
  const [state, setState] = useState<QuotedState>({ state: 'fetching' });
  const [opened, setOpened] = useState<{ tabId: number | undefined; transport: ReturnType<typeof overlayTransport> } | undefined>(undefined);
  useEffect(() => {
    void quoted.then(setState);
    void tab.then((tabId) => setOpened({ tabId, transport: overlayTransport(tabId, nonce.success ? nonce.data : '') }));
  }, []);
  const close = () => {
    if (nonce.success) void tab.then((id) => toOpener(id, { type: 'overlay.close', nonce: nonce.data }));
  };
  if (opened === undefined) return <p className="ha-meta">Opening Home Agent…</p>;
  const openSidePanel = async () => {
    // Straight from the person's click (the browser wants the gesture), else by the background for this frame's tab.
    if (opened.tabId !== undefined && (await browser.sidePanel.open({ tabId: opened.tabId }).then(() => true, () => false))) return true;
    const asked = await requestBackground(send, { type: 'home.sidepanel.open' });
    return asked.ok && asked.data.opened;
  };
  return <OverlayPanel quoted={state} transport={opened.transport} onClose={close} openSidePanel={openSidePanel} />;
}

mountPage(<OverlayFrame />);
