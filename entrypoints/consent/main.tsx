import { browser } from 'wxt/browser';
import { requestBackground } from '../../src/messaging/client';
import { ConsentApp, type ConsentRequest } from '../../src/ui/heartcoach/ConsentApp';
import { mountPage } from '../../src/ui/mount-page';

/** The consent window an app's page opens through Home Agent (issue 8): wiring only. */
const send = (message: unknown) => browser.runtime.sendMessage(message);
const request: ConsentRequest = (message) => requestBackground(send, message);
const id = new URLSearchParams(location.search).get('id') ?? '';

mountPage(<ConsentApp request={request} id={id} close={() => window.close()} />);
