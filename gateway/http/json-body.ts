import type { Context } from 'hono';
import type { z } from 'zod';
import { describeZodError } from '../../src/protocol/errors';
import { refuse } from '../errors';

/** Reads a JSON body and checks it with a strict schema; every failure is a 400 in words. */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const raw = await c.req.text();
  if (raw.trim() === '') throw refuse.badRequest('The request has no body.');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw refuse.badRequest('The request body is not JSON.');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw refuse.badRequest(describeZodError(parsed.error));
  return parsed.data;
}
