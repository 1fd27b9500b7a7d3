import { browser } from 'wxt/browser';
import { requestBackground } from '../../src/messaging/client';
import { BackgroundProvider } from '../../src/ui/home/background-context';
import { HomeApp } from '../../src/ui/home/HomeApp';
import { mountPage } from '../../src/ui/mount-page';
import { message } from '../../src/ui/words/messages';

const send = (message: unknown) => browser.runtime.sendMessage(message);

// A click is the gesture sidePanel.open needs, and it must be the first call in the click: the window is found first.
let windowId: number | undefined;
void browser.windows.getCurrent().then((w) => (windowId = w.id));
const openPanel = () => {
  if (windowId !== undefined) void browser.sidePanel.open({ windowId });
};

mountPage(
  <BackgroundProvider request={(message) => requestBackground(send, message)}>
    <header>
      <h1>{message('homeTitle')}</h1>
      <p>{message('homeTagline')}</p>
    </header>
    <main>
      <HomeApp requestOrigins={(origins) => browser.permissions.request({ origins })} openPanel={openPanel} />
    </main>
  </BackgroundProvider>,
);
