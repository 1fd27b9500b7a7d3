import type { Result } from '../protocol/errors';
import type { AskResponse } from '../protocol/harness-reply';
import { ASK_STREAM_PORT, AskStreamOutbound, type StepNotice } from '../protocol/messages/ask-stream';
import type { Material } from '../protocol/messages/index';

/**
 * An extension page's half of a streamed ask (src/protocol/messages/ask-stream.ts): one Port to the background,
 * opened on first use and again after the worker stopped (a stopped worker closes its Ports). `onText` gets the text
 * shown so far — started over when the agent starts another streamed call (a recompose) — and the final reply
 * replaces it. Stopping the signal asks the background to stop; the ask still resolves, with the run's last word
 * ("You stopped this answer."). Everything read from the Port is checked against the schema; anything else is dropped.
 */
export type PagePort = {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
};
export type StreamedAskInput = { words: string; material?: Material; addressee?: `0x${string}` };
export type StreamedAskOptions = {
  signal?: AbortSignal;
  onText?: (text: string) => void;
  onStep?: (step: StepNotice) => void;
};
export type AskStream = {
  ask(input: StreamedAskInput, options?: StreamedAskOptions): Promise<Result<AskResponse>>;
  close(): void;
};

type InFlight = {
  resolve: (result: Result<AskResponse>) => void;
  onText?: (text: string) => void;
  onStep?: (step: StepNotice) => void;
  call: number;
  text: string;
};

/** `connect` opens a Port by name: `(name) => chrome.runtime.connect({ name })` in a page. */
export function createAskStream(
  connect: (name: string) => PagePort,
  newId: () => string = () => crypto.randomUUID(),
): AskStream {
  let port: PagePort | undefined;
  const asks = new Map<string, InFlight>();

  function open(): PagePort {
    if (port !== undefined) return port;
    const opened = connect(ASK_STREAM_PORT);
    port = opened;
    opened.onMessage.addListener((raw) => {
      const parsed = AskStreamOutbound.safeParse(raw);
      if (!parsed.success) return;
      const message = parsed.data;
      const ask = message.askId === null ? undefined : asks.get(message.askId);
      if (ask === undefined) return;
      if (message.type === 'ask.step') {
        ask.onStep?.({ step: message.step, of: message.of, label: message.label });
        return;
      }
      if (message.type === 'ask.delta') {
        if (message.call !== ask.call) {
          ask.call = message.call;
          ask.text = '';
        }
        ask.text += message.delta;
        ask.onText?.(ask.text);
        return;
      }
      asks.delete(message.askId!);
      ask.resolve(
        message.type === 'ask.reply' ? { ok: true, data: message.response } : { ok: false, error: message.error },
      );
    });
    opened.onDisconnect.addListener(() => {
      if (port === opened) port = undefined;
      settleAll({ code: 'WORKER_STOPPED', message: 'Home Agent stopped while it was answering; ask again.' });
    });
    return opened;
  }

  function settleAll(error: { code: string; message: string }): void {
    for (const [id, ask] of asks) {
      asks.delete(id);
      ask.resolve({ ok: false, error });
    }
  }

  return {
    ask(input, options = {}) {
      const askId = newId();
      return new Promise((resolve) => {
        asks.set(askId, {
          resolve,
          ...(options.onText !== undefined ? { onText: options.onText } : {}),
          ...(options.onStep !== undefined ? { onStep: options.onStep } : {}),
          call: 0,
          text: '',
        });
        const p = open();
        const cancel = () => p.postMessage({ type: 'ask.cancel', askId });
        if (options.signal?.aborted === true) {
          asks.delete(askId);
          return resolve({ ok: false, error: { code: 'ANSWER_STOPPED', message: 'You stopped this answer.' } });
        }
        options.signal?.addEventListener('abort', cancel, { once: true });
        p.postMessage({ type: 'ask.start', askId, ...input });
      });
    },
    close() {
      // A Port's own end hears no onDisconnect: the asks on it end here (the background stops them when it hears).
      port?.disconnect();
      port = undefined;
      settleAll({ code: 'ANSWER_STOPPED', message: 'You stopped this answer.' });
    },
  };
}
