// Bench only (bench/gateway-start.bench.ts): the baseline a gateway start is measured against — Hono on
// @hono/node-server answering one route, started with the same TypeScript loader.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/ready', (c) => c.json({ ready: true }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
