import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LoggedRequest = { method: string; target: string };

export type LoggingProxy = {
  /** Pass as `proxyServer` to launchExtension; Chromium sends every non-loopback request here. */
  url: string;
  requests: LoggedRequest[];
  close(): Promise<void>;
};

/**
 * A loopback HTTP proxy that records every request Chromium tries to send and forwards none (this machine has no
 * network anyway). A spec launches the extension with it to prove the product calls no endpoint the person did not
 * configure. Chromium bypasses the proxy for loopback, so local servers (the gateway, test pages) still work.
 */
export async function startLoggingProxy(): Promise<LoggingProxy> {
  const requests: LoggedRequest[] = [];
  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? '?', target: request.url ?? '' });
    response.writeHead(502, { 'content-type': 'text/plain' }).end('blocked by the e2e logging proxy');
  });
  server.on('connect', (request, socket) => {
    requests.push({ method: 'CONNECT', target: request.url ?? '' });
    socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
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
