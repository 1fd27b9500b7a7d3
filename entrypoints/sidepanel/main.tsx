import { browser } from 'wxt/browser';
import { requestBackground } from '../../src/messaging/client';
import { AskBox } from '../../src/ui/AskBox';
import { mountPage } from '../../src/ui/mount-page';

const send = (message: unknown) => browser.runtime.sendMessage(message);

mountPage(
  <main>
    <h1>Home Agent</h1>
    <AskBox ask={(words) => requestBackground(send, { type: 'ask', words })} />
  </main>,
);
