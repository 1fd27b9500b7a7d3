import type { Address } from 'viem';
import type { StepProgress, StreamPiece } from '../harness';
import { describeZodError, HomeError, toWireError } from '../protocol/errors';
import {
  ASK_STREAM_LIMITS,
  ASK_STREAM_PORT,
  AskStreamInbound,
  AskStreamOutbound,
  type AskStreamOutbound as Outbound,
} from '../protocol/messages/ask-stream';
import { MESSAGE_LIMITS } from '../protocol/messages/index';
import type { AgentDeps } from './handlers/agent';
import { payloadBytes } from './payload';
import { classifySender, type ExtensionSelf, type RuntimeSender } from './sender';

/**
 * The background's half of a streamed ask (src/protocol/messages/ask-stream.ts): an extension page opens a Port,
 * starts asks on it and may cancel them; the person's agent answers each with the text as it streams and then the
 * harness's envelope. Only this extension's own pages may open it: the side panel, and the overlay's conversation
 * frame (an extension page the web page around it cannot read); never a content script. Closing the Port stops every ask on it, so a closed panel stops spending the
 * person's model tokens; a stopped ask ends its run with a sentence (the harness's turn controls).
 */
export type AskStreamPort = {
  name: string;
  sender?: RuntimeSender;
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
};
export type ConnectEvent = { addListener(listener: (port: AskStreamPort) => void): void };

/** Must be called synchronously when the worker starts, like the message listener. */
export function listenForAskStreams(onConnect: ConnectEvent, deps: AskStreamDeps, self: ExtensionSelf): void {
  onConnect.addListener((port) => {
    if (port.name === ASK_STREAM_PORT) serveAskStream(port, deps, self);
  });
}

/** `handled`: told of every ask started, as the router's spy counts an `ask` it routed (the same operation). */
export type AskStreamDeps = AgentDeps & {
  handled?: (type: 'ask') => void;
  /** Told when an ask has finished (answered, failed or stopped): it may have left a request to sign. */
  settled?: () => void;
};

export function serveAskStream(port: AskStreamPort, deps: AskStreamDeps, self: ExtensionSelf): void {
  let open = true;
  const post = (message: Outbound) => {
    if (!open) return;
    try {
      port.postMessage(AskStreamOutbound.parse(message));
    } catch {
      // The page went away between two pieces: everything on this Port stops.
      close();
    }
  };
  const asks = new Map<string, AbortController>();
  const close = () => {
    open = false;
    for (const controller of asks.values()) controller.abort();
    asks.clear();
  };
  port.onDisconnect.addListener(close);

  let sender;
  try {
    sender = classifySender(port.sender ?? {}, self);
  } catch (error) {
    post({ type: 'ask.failed', askId: null, error: toWireError(error) });
    return void port.disconnect();
  }
  if (sender.kind !== 'extension-page' && sender.kind !== 'overlay-frame') {
    post({
      type: 'ask.failed',
      askId: null,
      error: { code: 'SENDER_NOT_ALLOWED', message: 'A streamed ask comes only from Home Agent’s own pages.' },
    });
    return void port.disconnect();
  }

  const surface = sender.kind === 'overlay-frame' ? 'overlay' : 'sidepanel';
  port.onMessage.addListener((raw) => {
    if (payloadBytes(raw, MESSAGE_LIMITS.payloadBytes) > MESSAGE_LIMITS.payloadBytes) {
      return post({
        type: 'ask.failed',
        askId: null,
        error: {
          code: 'TOO_LARGE',
          message: `The message is larger than Home Agent accepts (${MESSAGE_LIMITS.payloadBytes} bytes).`,
        },
      });
    }
    const parsed = AskStreamInbound.safeParse(raw);
    if (!parsed.success)
      return post({
        type: 'ask.failed',
        askId: null,
        error: { code: 'BAD_INPUT', message: describeZodError(parsed.error) },
      });
    const message = parsed.data;
    if (message.type === 'ask.cancel') return void asks.get(message.askId)?.abort();
    if (asks.has(message.askId))
      return post({
        type: 'ask.failed',
        askId: message.askId,
        error: { code: 'ASK_ID_IN_USE', message: 'That ask is already running.' },
      });
    if (asks.size >= ASK_STREAM_LIMITS.inFlight) {
      return post({
        type: 'ask.failed',
        askId: message.askId,
        error: { code: 'TOO_MANY_ASKS', message: 'Wait for the answers already coming before asking again.' },
      });
    }
    const controller = new AbortController();
    asks.set(message.askId, controller);
    deps.handled?.('ask');
    void run(message, controller).finally(() => {
      asks.delete(message.askId);
      deps.settled?.();
    });
  });

  async function run(
    message: Extract<AskStreamInbound, { type: 'ask.start' }>,
    controller: AbortController,
  ): Promise<void> {
    const { askId } = message;
    const onText = (piece: StreamPiece) => {
      for (let at = 0; at < piece.delta.length; at += ASK_STREAM_LIMITS.delta) {
        post({
          type: 'ask.delta',
          askId,
          call: Math.min(piece.call, 64),
          role: piece.role,
          delta: piece.delta.slice(at, at + ASK_STREAM_LIMITS.delta),
        });
      }
    };
    const onStep = (p: StepProgress) => {
      if (p.of <= 16) post({ type: 'ask.step', askId, step: p.step, of: p.of, label: p.label });
    };
    try {
      const agent = await deps.agent();
      const material = message.material;
      const quoted =
        material === undefined
          ? undefined
          : [
              {
                source: 'selection' as const,
                text: material.text,
                ...(material.origin !== 'null' ? { url: material.origin } : {}),
              },
            ];
      const result = await agent.ask(
        {
          message: message.words,
          surface,
          ...(quoted !== undefined ? { material: quoted } : {}),
          ...(message.addressee !== undefined ? { addressee: message.addressee as Address } : {}),
        },
        { signal: controller.signal, onText, onStep },
      );
      if (!result.ok) throw new HomeError(result.error.code, result.error.message);
      post({ type: 'ask.reply', askId, response: result.data });
    } catch (error) {
      post({ type: 'ask.failed', askId, error: toWireError(error) });
    }
  }
}
