import { describe, expect, it } from 'vitest';
import { requestBackground } from './client';

describe('the faces’ background client', () => {
  it('returns checked data', async () => {
    const result = await requestBackground(async () => ({ ok: true, data: { requests: [] } }), {
      type: 'pending.list',
    });
    expect(result).toEqual({ ok: true, data: { requests: [] } });
  });

  it('passes a refusal through and turns malformed or missing replies into WireErrors', async () => {
    const refusal = { ok: false, error: { code: 'LOCKED', message: 'Unlock first.' } };
    expect(await requestBackground(async () => refusal, { type: 'pending.list' })).toEqual(refusal);
    expect(
      await requestBackground(async () => ({ ok: true, data: { requests: 'none' } }), { type: 'pending.list' }),
    ).toMatchObject({ ok: false, error: { code: 'BAD_REPLY' } });
    // No reply at all (the channel closed: the worker stopped before answering) is no answer, not a malformed one.
    expect(await requestBackground(async () => undefined, { type: 'pending.list' })).toMatchObject({
      ok: false,
      error: { code: 'NO_ANSWER' },
    });
    const gone = async () => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    };
    expect(await requestBackground(gone, { type: 'pending.list' })).toMatchObject({
      ok: false,
      error: { code: 'NO_ANSWER' },
    });
  });
});
