import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { requestBackground } from '../../src/messaging/client';
import type { WireError } from '../../src/protocol/errors';
import type { PendingRequest } from '../../src/protocol/messages';
import { mountPage } from '../../src/ui/mount-page';
import { PendingList } from '../../src/ui/PendingList';

const send = (message: unknown) => browser.runtime.sendMessage(message);

function Popup() {
  const [requests, setRequests] = useState<PendingRequest[] | undefined>();
  const [error, setError] = useState<WireError | undefined>();
  useEffect(() => {
    void requestBackground(send, { type: 'pending.list' }).then((result) => {
      if (result.ok) setRequests(result.data.requests);
      else setError(result.error);
    });
  }, []);
  const openSidePanel = async () => {
    const window = await browser.windows.getCurrent();
    if (window.id !== undefined) await browser.sidePanel.open({ windowId: window.id });
  };
  return (
    <main>
      <PendingList requests={requests} {...(error === undefined ? {} : { error })} />
      <button type="button" onClick={() => void openSidePanel()}>
        Open the side panel to ask
      </button>
    </main>
  );
}

mountPage(<Popup />);
