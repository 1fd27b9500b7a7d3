import { browser } from 'wxt/browser';
import { requestBackground } from '../../src/messaging/client';
import { BackgroundProvider } from '../../src/ui/home/background-context';
import { HomeApp } from '../../src/ui/home/HomeApp';
import { mountPage } from '../../src/ui/mount-page';

const send = (message: unknown) => browser.runtime.sendMessage(message);

mountPage(
  <BackgroundProvider request={(message) => requestBackground(send, message)}>
    <header>
      <h1>Home</h1>
      <p>Everything your agent keeps and is allowed to do, in one place.</p>
    </header>
    <main>
      <HomeApp requestOrigins={(origins) => browser.permissions.request({ origins })} />
    </main>
  </BackgroundProvider>,
);
