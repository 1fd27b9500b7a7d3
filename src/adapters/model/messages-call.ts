import type Anthropic from '@anthropic-ai/sdk';
import type { ModelRole, ModelUsage } from '../../harness';
import type { AnthropicModelConfig } from './config';
import { isRetryable, modelError, retryAfterMs, toModelError } from './errors';
import { estimateCostUsd } from './prices';

/**
 * One Messages API call as every role makes it: the tier's model and timeout, the caller's AbortSignal, bounded
 * retries with backoff on overload (529) and rate limiting (429) — never after streamed text reached the person —
 * and usage mapped to the harness's shape with a cost estimate. Each call is also reported to an optional observer
 * (the bench and the evaluation read it: cache writes, attempts, first-token time), never to the network.
 */
export type Tier = 'light' | 'compose';

export type CallRecord = {
  role: ModelRole;
  tier: Tier;
  model: string;
  /** Every input token, cached ones included. */
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  costUsd: number | null;
  attempts: number;
  streamed: boolean;
  ms: number;
  /** From the start of the last attempt to its first text delta (streamed calls only). */
  firstTextMs: number | null;
  outcome: 'ok' | 'failed';
  code?: string;
};

export type Runtime = {
  client: Pick<Anthropic, 'messages'>;
  config: AnthropicModelConfig;
  now: () => number;
  onCall?: (record: CallRecord) => void;
};

export type CallSpec = {
  role: ModelRole;
  tier: Tier;
  system: Anthropic.TextBlockParam[];
  user: string;
  maxTokens: number;
  tools?: Anthropic.Tool[];
  toolChoice?: Anthropic.ToolChoice;
  signal?: AbortSignal | undefined;
  /** Streams the answer; each text delta goes here as it arrives. */
  onText?: ((delta: string) => void) | undefined;
};

export type CallResult = { message: Anthropic.Message; usage: ModelUsage };

const MAX_BACKOFF_MS = 8_000;

export async function callMessages(rt: Runtime, spec: CallSpec): Promise<CallResult> {
  const model = spec.tier === 'light' ? rt.config.lightModel : rt.config.composeModel;
  const timeoutMs = spec.tier === 'light' ? rt.config.timeoutMs.light : rt.config.timeoutMs.compose;
  const body: Anthropic.MessageCreateParamsNonStreaming = {
    model,
    max_tokens: spec.maxTokens,
    system: spec.system,
    messages: [{ role: 'user', content: spec.user }],
    ...(spec.tools !== undefined ? { tools: spec.tools } : {}),
    ...(spec.toolChoice !== undefined ? { tool_choice: spec.toolChoice } : {}),
  };
  const options = { signal: spec.signal ?? null, timeout: timeoutMs, maxRetries: 0 };
  const started = rt.now();
  let attempts = 0;
  let emitted = false;
  let firstTextMs: number | null = null;
  const base = { role: spec.role, tier: spec.tier, model, streamed: spec.onText !== undefined };
  for (;;) {
    attempts += 1;
    const attemptStart = rt.now();
    try {
      let message: Anthropic.Message;
      if (spec.onText === undefined) {
        message = await rt.client.messages.create(body, options);
      } else {
        const onText = spec.onText;
        const stream = rt.client.messages.stream(body, options);
        stream.on('text', (delta: string) => {
          if (!emitted) firstTextMs = rt.now() - attemptStart;
          emitted = true;
          onText(delta);
        });
        message = await stream.finalMessage();
      }
      const { usage, record } = usageOf(message, model);
      rt.onCall?.({ ...base, ...record, attempts, ms: rt.now() - started, firstTextMs, outcome: 'ok' });
      return { message, usage };
    } catch (error) {
      const retry = !emitted && spec.signal?.aborted !== true && attempts <= rt.config.maxRetries && isRetryable(error);
      if (retry) {
        const wait = Math.min(MAX_BACKOFF_MS, retryAfterMs(error) ?? rt.config.retryBaseMs * 2 ** (attempts - 1));
        // A pause cut short by the signal falls through to the cancelled failure below.
        if (await pause(wait * (0.5 + Math.random() / 2), spec.signal)) continue;
      }
      const failure =
        spec.signal?.aborted === true
          ? modelError('MODEL_CANCELLED', 'The model call was cancelled.')
          : toModelError(error, { attempts, timeoutMs, model });
      rt.onCall?.({
        ...base,
        inputTokens: 0,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        outputTokens: 0,
        costUsd: null,
        attempts,
        ms: rt.now() - started,
        firstTextMs,
        outcome: 'failed',
        code: failure.code,
      });
      throw failure;
    }
  }
}

/** The API's usage as the harness records it: every input token counted, the cached part told apart, a cost estimate. */
function usageOf(message: Anthropic.Message, model: string) {
  const u = message.usage;
  const cacheWrite = u.cache_creation_input_tokens ?? 0;
  const cacheRead = u.cache_read_input_tokens ?? 0;
  const cost = estimateCostUsd(model, { input: u.input_tokens, cacheWrite, cacheRead, output: u.output_tokens });
  const usage: ModelUsage = {
    model,
    inputTokens: u.input_tokens + cacheWrite + cacheRead,
    cachedInputTokens: cacheRead,
    outputTokens: u.output_tokens,
    ...(cost !== null ? { costUsd: cost } : {}),
  };
  return {
    usage,
    record: {
      inputTokens: usage.inputTokens,
      cacheReadTokens: cacheRead,
      cacheWriteTokens: cacheWrite,
      outputTokens: u.output_tokens,
      costUsd: cost,
    },
  };
}

/** Waits `ms`; resolves false at once if the signal aborts (then or during the wait). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) return resolve(false);
    const timer = setTimeout(() => resolve(true), ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve(false);
      },
      { once: true },
    );
  });
}
