import { describe, expect, it } from 'vitest';
import type { HomeAgent } from '../agent/index';
import { ASK_STREAM_PORT } from '../protocol/messages/ask-stream';
import { serveAskStream } from './ask-stream';
import type { RuntimeSender } from './sender';
import { portPair } from './testing/port-pair';

const SELF = { id: 'homeagentextensionid', origin: 'chrome-extension://homeagentextensionid' };
const FRAME: RuntimeSender = {
  id: SELF.id,
  url: `${SELF.origin}/overlay-frame.html#AAAAAAAAAAAAAAAAAAAAAA`,
  origin: SELF.origin,
  frameId: 6,
  tab: { id: 4, url: 'http://127.0.0.1:9/article.html' },
};

/**
 * Opens a stream from `sender`, asks once, and returns what the agent was asked and what the page heard, once the
 * page hears the ask end (`ask.failed` is the last thing either door posts here).
 */
async function askFrom(sender: RuntimeSender) {
  const asked: unknown[] = [];
  // Only the door's input matters here (the harness has its own tests): the agent refuses after recording it.
  const agent = {
    ask: async (input: unknown) => (asked.push(input), { ok: false, error: { code: 'RECORDED', message: 'recorded' } }),
  } as unknown as HomeAgent;
  const { page, background } = portPair(ASK_STREAM_PORT, sender);
  const heard: unknown[] = [];
  const ended = new Promise<void>((resolve) =>
    page.onMessage.addListener((m) => {
      heard.push(m);
      if ((m as { type?: unknown }).type === 'ask.failed') resolve();
    }),
  );
  serveAskStream(background, { agent: async () => agent }, SELF);
  try {
    page.postMessage({ type: 'ask.start', askId: 'a1', words: 'Who are my contacts?' });
  } catch {
    heard.push('the Port was closed');
  }
  await ended;
  return { asked, heard };
}

describe('who may open a streamed ask', () => {
  it('the overlay frame may, and its asks reach the agent as asked from the overlay', async () => {
    const { asked, heard } = await askFrom(FRAME);
    expect(asked).toEqual([{ message: 'Who are my contacts?', surface: 'overlay' }]);
    expect(heard).toEqual([{ type: 'ask.failed', askId: 'a1', error: { code: 'RECORDED', message: 'recorded' } }]);
  });

  it('a content script in the same tab may not: the Port is refused before any ask', async () => {
    const { asked, heard } = await askFrom({
      id: SELF.id,
      url: 'http://127.0.0.1:9/article.html',
      origin: 'http://127.0.0.1:9',
      frameId: 0,
      tab: { id: 4 },
    });
    expect(asked).toEqual([]);
    expect(heard).toEqual([
      'the Port was closed',
      {
        type: 'ask.failed',
        askId: null,
        error: { code: 'SENDER_NOT_ALLOWED', message: 'A streamed ask comes only from Home Agent’s own pages.' },
      },
    ]);
  });
});
