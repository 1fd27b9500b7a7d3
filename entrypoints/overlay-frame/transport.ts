import { browser } from 'wxt/browser';
import { createAskStream } from '../../src/messaging/ask-stream-client';
import { requestBackground } from '../../src/messaging/client';
import type { Result } from '../../src/protocol/errors';
import { fromThisExtension, RunReplied } from '../../src/protocol/faces-broadcast';
import type { AskResponse } from '../../src/protocol/harness-reply';
import type { Material } from '../../src/protocol/messages/index';
import type { OverlayFrameCommand } from '../../src/protocol/overlay-frame';
import { abortable } from '../../src/ui/conversation/abortable';
import type { AgentTransport } from '../../src/ui/conversation/transport';

const send = (message: unknown) => browser.runtime.sendMessage(message);

/** Tells the content script that opened this frame (the top frame of its tab), by the nonce it was opened with. */
export async function toOpener(tabId: number | undefined, command: OverlayFrameCommand): Promise<void> {
  if (tabId === undefined) return;
  await browser.tabs.sendMessage(tabId, command, { frameId: 0 }).catch(() => undefined);
}

/**
 * The overlay frame's way to the person's agent: the side panel's (asks streamed over a Port, resumes through the
 * router, "Review and sign" opening the popup on the run's request), because this frame is an extension page the
 * web page cannot read. Every reply is also told to the side panel (`run.replied`, nothing lost when the overlay
 * closes) and to this tab's content script, which keeps it for a side panel opened later (`overlay.replay`). It
 * shows notices only for runs it asked (a popup's signature moving one on), never another tab's.
 */
export function overlayTransport(tabId: number | undefined, nonce: string | undefined): AgentTransport {
  const stream = createAskStream((name) => browser.runtime.connect({ name }));
  const mine = new Set<string>();
  const told = (result: Result<AskResponse>, words?: string, material?: Material) => {
    if (!result.ok) return result;
    mine.add(result.data.runRef);
    const notice: RunReplied = {
      type: 'run.replied',
      runRef: result.data.runRef,
      response: result.data,
      from: 'overlay',
      ...(words === undefined ? {} : { words }),
      ...(material === undefined ? {} : { material }),
    };
    void send(notice).catch(() => undefined);
    if (nonce !== undefined) void toOpener(tabId, { type: 'overlay.kept', nonce, notice });
    return result;
  };
  return {
    ask: async (words, material, { signal, onText, onStep }) =>
      told(
        await abortable(
          stream.ask(
            { words, ...(material !== undefined ? { material } : {}) },
            { signal, ...(onText !== undefined ? { onText } : {}), ...(onStep !== undefined ? { onStep } : {}) },
          ),
          signal,
        ),
        words,
        material,
      ),
    resume: async (runRef, supplied, { signal }) =>
      told(await abortable(requestBackground(send, { type: 'agent.resume', runRef, supplied }), signal)),
    async review(runRef) {
      // One request at a time, resolved by its id: the popup opens on this run's request and nothing else.
      await browser.windows.create({
        url: browser.runtime.getURL(`/popup.html?request=${encodeURIComponent(runRef)}`),
        type: 'popup',
        width: 460,
        height: 720,
      });
    },
    subscribe(listener) {
      const onMessage = (message: unknown, sender: { id?: string }) => {
        if (!fromThisExtension(sender, browser.runtime.id)) return;
        const notice = RunReplied.safeParse(message);
        if (notice.success && mine.has(notice.data.runRef)) listener(notice.data);
      };
      browser.runtime.onMessage.addListener(onMessage);
      return () => browser.runtime.onMessage.removeListener(onMessage);
    },
  };
}
