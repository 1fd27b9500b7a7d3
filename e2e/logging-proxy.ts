import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';

export type LoggedRequest = { method: string; target: string };

export type LoggingProxy = {
  /** Pass as `proxyServer` to launchExtension; Chromium sends every non-loopback request here. */
  url: string;
  requests: LoggedRequest[];
  close(): Promise<void>;
};

export type LoggingProxyOptions = {
  /** Targets to pass on (plain HTTP, or a CONNECT tunnel) after logging them; everything else is refused with 502. */
  forward?: (target: string) => boolean;
};

/**
 * A loopback HTTP proxy that records every request Chromium tries to send and forwards none unless told (this
 * machine has no network anyway). A spec launches the extension with it to prove the product calls no endpoint the
 * person did not configure. Chromium bypasses the proxy for loopback unless launched with `proxyLoopback`; then
 * `forward` lets the test's own loopback servers (the pages the person opens) through, logged like the rest.
 */
export async function startLoggingProxy(options: LoggingProxyOptions = {}): Promise<LoggingProxy> {
  const requests: LoggedRequest[] = [];
  const forward = options.forward ?? (() => false);
  const server = createServer((request, response) => {
    const target = request.url ?? '';
    requests.push({ method: request.method ?? '?', target });
    if (!forward(target) || !target.startsWith('http://')) {
      response.writeHead(502, { 'content-type': 'text/plain' }).end('blocked by the e2e logging proxy');
      return;
    }
    const upstream = httpRequest(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  server.on('connect', (request, socket) => {
    const target = request.url ?? '';
    requests.push({ method: 'CONNECT', target });
    const [host, port] = target.split(':');
    if (!forward(target) || host === undefined || port === undefined) {
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
