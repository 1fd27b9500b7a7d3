import type { ReplyBlock, SimulatedUsage } from './scripted-messages-types';

/** A Messages API response body, as the hosted API returns it for a non-streaming request. */
export type MessageResponse = {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: Array<
    { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  >;
  stop_reason: string;
  stop_sequence: null;
  usage: SimulatedUsage;
};

/** Builds the response body; tool_use ids are `toolu_<request>_<block>` unless the script named them. */
export function messageResponse(
  requestIndex: number,
  model: string,
  blocks: ReplyBlock[],
  stopReason: string,
  usage: SimulatedUsage,
): MessageResponse {
  return {
    id: `msg_scripted_${requestIndex}`,
    type: 'message',
    role: 'assistant',
    model,
    content: blocks.map((block, i) =>
      block.type === 'text'
        ? { type: 'text', text: block.text }
        : { type: 'tool_use', id: block.id ?? `toolu_${requestIndex}_${i}`, name: block.name, input: block.input },
    ),
    stop_reason: stopReason,
    stop_sequence: null,
    usage,
  };
}

const event = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** Splits a string into chunks of at most `size` characters (deltas arrive in pieces, as they do from the API). */
const chunks = (text: string, size = 16): string[] => {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [''];
};

/** The same response as a server-sent event stream (message_start … message_stop), as `stream: true` gets it. */
export function sseEvents(response: MessageResponse): string[] {
  const { usage } = response;
  const out = [
    event('message_start', {
      type: 'message_start',
      message: { ...response, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
    }),
  ];
  response.content.forEach((block, index) => {
    if (block.type === 'text') {
      out.push(
        event('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }),
      );
      for (const text of chunks(block.text)) {
        out.push(
          event('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text } }),
        );
      }
    } else {
      const start = { type: 'tool_use', id: block.id, name: block.name, input: {} };
      out.push(event('content_block_start', { type: 'content_block_start', index, content_block: start }));
      for (const partial_json of chunks(JSON.stringify(block.input))) {
        const delta = { type: 'input_json_delta', partial_json };
        out.push(event('content_block_delta', { type: 'content_block_delta', index, delta }));
      }
    }
    out.push(event('content_block_stop', { type: 'content_block_stop', index }));
  });
  out.push(
    event('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: response.stop_reason, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    }),
    event('message_stop', { type: 'message_stop' }),
  );
  return out;
}

/** An error body in the API's shape. */
export const errorBody = (type: string, message: string) => ({ type: 'error', error: { type, message } });
