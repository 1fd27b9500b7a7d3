import { browser } from 'wxt/browser';
import { requestBackground } from '../../src/messaging/client';
import { fromThisExtension, OverlayReplayReply, RunReplied } from '../../src/protocol/faces-broadcast';
import { abortable } from '../../src/ui/conversation/abortable';
import { Conversation } from '../../src/ui/conversation/Conversation';
import type { AgentTransport } from '../../src/ui/conversation/transport';
import { saveFile } from '../../src/ui/download';
import { BackgroundProvider } from '../../src/ui/home/background-context';
import { mountPage } from '../../src/ui/mount-page';

const send = (message: unknown) => browser.runtime.sendMessage(message);

/** The side panel's way to its agent: the background for asks and resumes, the popup window for signing. */
const transport: AgentTransport = {
  ask: (words, material, { signal }) => abortable(requestBackground(send, material === undefined ? { type: 'ask', words } : { type: 'ask', words, material }), signal),
  resume: (runRef, supplied, { signal }) => abortable(requestBackground(send, { type: 'agent.resume', runRef, supplied }), signal),
  async review(runRef) {
    // One request at a time, resolved by its id: the popup opens on this run's request and nothing else.
    await browser.windows.create({ url: browser.runtime.getURL(`/popup.html?request=${encodeURIComponent(runRef)}`), type: 'popup', width: 460, height: 720 });
  },
  provenance: (runRef) => requestBackground(send, { type: 'home.vault.provenance', runRef }),
  subscribe(listener) {
    const onMessage = (message: unknown, sender: { id?: string }) => {
      if (!fromThisExtension(sender, browser.runtime.id)) return;
      const notice = RunReplied.safeParse(message);
      if (notice.success) listener(notice.data);
    };
    browser.runtime.onMessage.addListener(onMessage);
    return () => browser.runtime.onMessage.removeListener(onMessage);
  },
  async replay() {
    const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
    if (tab?.id === undefined || tab.url?.startsWith(browser.runtime.getURL('/'))) return [];
    try {
      const reply = OverlayReplayReply.safeParse(await browser.tabs.sendMessage(tab.id, { type: 'overlay.replay' }, { frameId: 0 }));
      return reply.success ? reply.data.replies : [];
    } catch {
      return []; // no overlay in that tab
    }
  },
};

const download = async (runRef: string): Promise<string | undefined> => {
  const file = await transport.provenance?.(runRef);
  if (file === undefined) return 'Provenance cannot be downloaded here.';
  if (!file.ok) return file.error.message;
  saveFile(file.data);
  return undefined;
};

mountPage(
  <BackgroundProvider request={(message) => requestBackground(send, message)}>
    <main>
      <h1>Home Agent</h1>
      <Conversation transport={transport} onProvenance={download} />
    </main>
  </BackgroundProvider>,
);
