import { browser } from 'wxt/browser';
import { requestBackground } from '../../src/messaging/client';
import { holdConsentOpen } from '../../src/messaging/consent-keepalive-client';
import { ConsentApp, type ConsentRequest } from '../../src/ui/heartcoach/ConsentApp';
import type { ConsentHold } from '../../src/ui/heartcoach/useConsentKeepalive';
import { mountPage } from '../../src/ui/mount-page';

/** The consent window an app's page opens through Home Agent: wiring only. */
const send = (message: unknown) => browser.runtime.sendMessage(message);
const request: ConsentRequest = (message) => requestBackground(send, message);
const id = new URLSearchParams(location.search).get('id') ?? '';

const hold: ConsentHold = (requestId, events) =>
  holdConsentOpen((info) => browser.runtime.connect(info), requestId, events);

mountPage(<ConsentApp request={request} id={id} close={() => window.close()} hold={hold} />);
