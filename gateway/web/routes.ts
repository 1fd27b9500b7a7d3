import type { Hono } from 'hono';
import { problem } from '../http/problem';
import type { WebBundle } from './bundle';

/**
 * Serves the page: `/` is index.html, `/assets/*` the bundle's files. The page talks only to its own origin (the
 * gateway), so its Content-Security-Policy allows nothing else: no inline script, no other host, no framing.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Hono app, whatever its env
export function pageRoutes(app: Hono<any>, bundle: WebBundle): void {
  const serve = (path: string) => {
    const file = bundle.files.get(path);
    if (file === undefined) return null;
    const headers: Record<string, string> = {
      'content-type': file.type,
      'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    };
    if (path === '/index.html') headers['content-security-policy'] = PAGE_CSP;
    return new Response(file.body, { headers });
  };
  app.get('/', () => serve('/index.html')!);
  app.get(
    '/assets/*',
    (c) => serve(c.req.path) ?? problem(c, 404, 'not_found', `${c.req.path} is not part of the page.`),
  );
}
