import { browser } from 'wxt/browser';
import { requestBackground } from '../../src/messaging/client';
import { fromThisExtension, PendingChanged, type RunReplied } from '../../src/protocol/faces-broadcast';
import { BackgroundProvider, type Request } from '../../src/ui/home/background-context';
import { mountPage } from '../../src/ui/mount-page';
import { backgroundSigning } from '../../src/ui/sign/background-signing';
import { PopupApp } from '../../src/ui/sign/PopupApp';

const send = (message: unknown) => browser.runtime.sendMessage(message);
const request: Request = (message) => requestBackground(send, message);

/** The side panel shows what happened here (display only; it acts on nothing it is told). */
const announce = (runRef: string, response: RunReplied['response']) => {
  const notice: RunReplied = { type: 'run.replied', runRef, response, from: 'popup' };
  void browser.runtime.sendMessage(notice).catch(() => undefined);
};

/** The background's notice that what waits changed: the queue is read again (a notice only from this extension). */
const watchPending = (changed: () => void) => {
  const onMessage = (message: unknown, sender: { id?: string }) => {
    if (fromThisExtension(sender, browser.runtime.id) && PendingChanged.safeParse(message).success) changed();
  };
  browser.runtime.onMessage.addListener(onMessage);
  return () => browser.runtime.onMessage.removeListener(onMessage);
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
      watchPending={watchPending}
    />
  </BackgroundProvider>,
);
