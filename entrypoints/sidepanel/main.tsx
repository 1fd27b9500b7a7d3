import { browser } from 'wxt/browser';
import { createAskStream } from '../../src/messaging/ask-stream-client';
import { requestBackground } from '../../src/messaging/client';
import { AddressSchema } from '../../src/protocol/ask';
import { fromThisExtension, OverlayReplayReply, RunReplied } from '../../src/protocol/faces-broadcast';
import { abortable } from '../../src/ui/conversation/abortable';
import { Conversation } from '../../src/ui/conversation/Conversation';
import type { AgentTransport } from '../../src/ui/conversation/transport';
import { saveFile } from '../../src/ui/download';
import { BackgroundProvider } from '../../src/ui/home/background-context';
import { mountPage } from '../../src/ui/mount-page';
import { watchPendingChanges } from '../../src/ui/pending-changes';
import { message } from '../../src/ui/words/messages';

const send = (message: unknown) => browser.runtime.sendMessage(message);
/** An ask streams over a Port: the answer's text shows as it is written, and Stop stops the model (src/messaging/ask-stream.ts). */
const stream = createAskStream((name) => browser.runtime.connect({ name }));
/** `?agent=0x…`: ask an agent the person stewards (an organization's), as the command line's --to does. */
const agent = AddressSchema.safeParse(new URLSearchParams(location.search).get('agent'));
const addressee = agent.success ? agent.data : undefined;
/** The conversation is kept in the vault per session: the person's own agent, or each agent they steer. */
const session = addressee === undefined ? 'sidepanel:own' : (`sidepanel:${addressee.toLowerCase()}` as const);

let adding: Promise<void> = Promise.resolve();

/** The side panel's way to its agent: the background for asks and resumes, the popup window for signing. */
const transport: AgentTransport = {
  ask: (words, material, { signal, onText, onStep }) =>
    abortable(
      stream.ask(
        { words, ...(material !== undefined ? { material } : {}), ...(addressee !== undefined ? { addressee } : {}) },
        { signal, ...(onText !== undefined ? { onText } : {}), ...(onStep !== undefined ? { onStep } : {}) },
      ),
      signal,
    ),
  resume: (runRef, supplied, { signal }) =>
    abortable(requestBackground(send, { type: 'agent.resume', runRef, supplied }), signal),
  async review(runRef) {
    // One request at a time, resolved by its id: the popup opens on this run's request and nothing else.
    await browser.windows.create({
      url: browser.runtime.getURL(`/popup.html?request=${encodeURIComponent(runRef)}`),
      type: 'popup',
      width: 460,
      height: 720,
    });
  },
  provenance: (runRef) => requestBackground(send, { type: 'home.vault.provenance', runRef }),
  history: {
    async load() {
      const kept = await requestBackground(send, { type: 'agent.conversation.get', session });
      return kept.ok ? kept.data.entries : [];
    },
    // Kept one after another, in the order shown; an entry over the message cap is shown but not kept.
    add(entry) {
      adding = adding
        .then(() => requestBackground(send, { type: 'agent.conversation.add', session, entry }))
        .then(() => undefined);
    },
    async clear() {
      await adding;
      await requestBackground(send, { type: 'agent.conversation.clear', session });
    },
  },
  subscribe(listener) {
    const onMessage = (message: unknown, sender: { id?: string }) => {
      if (!fromThisExtension(sender, browser.runtime.id)) return;
      const notice = RunReplied.safeParse(message);
      if (notice.success) listener(notice.data);
    };
    browser.runtime.onMessage.addListener(onMessage);
    return () => browser.runtime.onMessage.removeListener(onMessage);
  },
  async kept() {
    // Questions kept because another agent did not answer: listed by the agent, so closing the panel loses none.
    const listed = await requestBackground(send, { type: 'agent.pending' });
    if (!listed.ok) return listed;
    const mine = listed.data.runs.filter(
      (run) =>
        run.waitingFor === 'agent' &&
        (addressee === undefined || run.addressee.toLowerCase() === addressee.toLowerCase()),
    );
    return {
      ok: true,
      data: mine.map((run) => ({
        runRef: run.runRef,
        words: run.words,
        text: run.text,
        ...(run.stopped === true ? { stopped: true as const } : {}),
      })),
    };
  },
  watchPending: (changed) => watchPendingChanges(browser.runtime, changed),
  async replay() {
    const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
    if (tab?.id === undefined || tab.url?.startsWith(browser.runtime.getURL('/'))) return [];
    try {
      const reply = OverlayReplayReply.safeParse(
        await browser.tabs.sendMessage(tab.id, { type: 'overlay.replay' }, { frameId: 0 }),
      );
      return reply.success ? reply.data.replies : [];
    } catch {
      return []; // no overlay in that tab
    }
  },
};

const download = async (runRef: string): Promise<string | undefined> => {
  const file = await transport.provenance?.(runRef);
  if (file === undefined) return message('sidepanelNoProvenance');
  if (!file.ok) return file.error.message;
  saveFile(file.data);
  return undefined;
};

mountPage(
  <BackgroundProvider request={(message) => requestBackground(send, message)}>
    <main>
      <h1>Home Agent</h1>
      {addressee === undefined ? null : <p className="ha-meta">{message('sidepanelAsking', addressee)}</p>}
      <Conversation transport={transport} onProvenance={download} />
    </main>
  </BackgroundProvider>,
);
