import { JsonRpcTransportHandler } from '@a2a-js/sdk/server';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import type { RpcId } from './admit-call';
import type { ProtocolVersion } from './methods';

const HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
};

const mapError = (version: ProtocolVersion, error: unknown): unknown =>
  version === '1.0'
    ? JsonRpcTransportHandler.mapToJSONRPCError(error)
    : LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError(error);

/**
 * A JSON-RPC stream (SendStreamingMessage, message/stream, SubscribeToTask, tasks/resubscribe) as server-sent events:
 * one `data:` event per JSON-RPC response, as a2a-js produces them. An error — before the first event (the task was
 * never found, say) or after it — is an `event: error` whose data is the JSON-RPC error response, and ends the stream.
 */
export function sseResponse(stream: AsyncGenerator<unknown>, id: RpcId, version: ProtocolVersion): Response {
  const iterator = stream[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`));
      } catch (error) {
        const event = { jsonrpc: '2.0', id, error: mapError(version, error) };
        controller.enqueue(encoder.encode(`event: error\ndata: ${JSON.stringify(event)}\n\n`));
        controller.close();
      }
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
  return new Response(body, { status: 200, headers: HEADERS });
}
