import { browser } from 'wxt/browser';
import { requestBackground } from '../../src/messaging/client';
import type { RunReplied } from '../../src/protocol/faces-broadcast';
import { BackgroundProvider, type Request } from '../../src/ui/home/background-context';
import { mountPage } from '../../src/ui/mount-page';
import { watchPendingChanges } from '../../src/ui/pending-changes';
import { backgroundSigning } from '../../src/ui/sign/background-signing';
import { PopupApp } from '../../src/ui/sign/PopupApp';

const send = (message: unknown) => browser.runtime.sendMessage(message);
const request: Request = (message) => requestBackground(send, message);

/** The side panel shows what happened here (display only; it acts on nothing it is told). */
const announce = (runRef: string, response: RunReplied['response']) => {
  const notice: RunReplied = { type: 'run.replied', runRef, response, from: 'popup' };
  void browser.runtime.sendMessage(notice).catch(() => undefined);
};

const openSidePanel = async () => {
  const window = await browser.windows.getCurrent();
  if (window.id !== undefined) await browser.sidePanel.open({ windowId: window.id });
};

mountPage(
  <BackgroundProvider request={request}>
    <PopupApp
      transport={backgroundSigning(request, announce)}
      location={{ search: location.search, hash: location.hash }}
      openSidePanel={() => void openSidePanel()}
      watchPending={(changed) => watchPendingChanges(browser.runtime, changed)}
    />
  </BackgroundProvider>,
);
