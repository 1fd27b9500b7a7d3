import { describe, expect, it } from 'vitest';
import {
  HomePingReply,
  HomePingRequest,
  PAGE_CHANNEL,
  PAGE_LIMITS,
  PAGE_REPLIES,
  PageRelay,
  PageReplyEnvelope,
  PageRequest,
  PageRequestEnvelope,
} from './page-provider';

const envelope = { channel: PAGE_CHANNEL.toContent, id: 'abc-1', method: 'home_ping' };

describe('page provider messages', () => {
  it('accepts a well-formed request envelope, with object or array params', () => {
    expect(PageRequestEnvelope.parse(envelope)).toEqual(envelope);
    expect(PageRequestEnvelope.parse({ ...envelope, params: { a: 1 } }).params).toEqual({ a: 1 });
    expect(PageRequestEnvelope.parse({ ...envelope, params: [1, 2] }).params).toEqual([1, 2]);
  });

  it('refuses a wrong channel tag, a bad id, a bad method name, extra keys and too many params', () => {
    expect(PageRequestEnvelope.safeParse({ ...envelope, channel: 'home-agent/page-reply/v1' }).success).toBe(false);
    expect(PageRequestEnvelope.safeParse({ ...envelope, id: 'has space' }).success).toBe(false);
    expect(PageRequestEnvelope.safeParse({ ...envelope, id: 'x'.repeat(65) }).success).toBe(false);
    expect(PageRequestEnvelope.safeParse({ ...envelope, method: '<script>' }).success).toBe(false);
    expect(PageRequestEnvelope.safeParse({ ...envelope, method: 'm'.repeat(65) }).success).toBe(false);
    expect(PageRequestEnvelope.safeParse({ ...envelope, origin: 'https://bank.example' }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: PAGE_LIMITS.params + 1 }, (_, i) => [`k${i}`, i]));
    expect(PageRequestEnvelope.safeParse({ ...envelope, params: many }).success).toBe(false);
    expect(PageRequestEnvelope.safeParse({ ...envelope, params: Array(PAGE_LIMITS.params + 1).fill(0) }).success).toBe(
      false,
    );
    expect(PageRequestEnvelope.safeParse({ ...envelope, params: 'text' }).success).toBe(false);
  });

  it('checks the reply envelope and the relay', () => {
    const reply = {
      channel: PAGE_CHANNEL.toPage,
      id: 'abc-1',
      reply: { ok: true, data: { origin: 'http://127.0.0.1:1' } },
    };
    expect(PageReplyEnvelope.parse(reply)).toEqual(reply);
    expect(PageReplyEnvelope.safeParse({ ...reply, reply: { ok: false } }).success).toBe(false);
    expect(PageRelay.parse({ type: 'page.relay', method: 'home_ping' })).toEqual({
      type: 'page.relay',
      method: 'home_ping',
    });
    expect(
      PageRelay.safeParse({ type: 'page.relay', method: 'home_ping', origin: 'https://bank.example' }).success,
    ).toBe(false);
  });

  it('home_ping takes no params, and its reply carries an origin', () => {
    expect(PageRequest.parse({ type: 'home_ping' })).toEqual({ type: 'home_ping' });
    expect(HomePingRequest.safeParse({ type: 'home_ping', params: {} }).success).toBe(true);
    expect(HomePingRequest.safeParse({ type: 'home_ping', params: [] }).success).toBe(true);
    expect(HomePingRequest.safeParse({ type: 'home_ping', params: { origin: 'https://bank.example' } }).success).toBe(
      false,
    );
    expect(HomePingRequest.safeParse({ type: 'home_ping', params: ['x'] }).success).toBe(false);
    expect(HomePingReply.safeParse({ origin: 'http://127.0.0.1:9', agent: 'home-agent' }).success).toBe(true);
    expect(HomePingReply.safeParse({ origin: 'not an origin', agent: 'home-agent' }).success).toBe(false);
    expect(Object.keys(PAGE_REPLIES)).toEqual(PageRequest.options.map((o) => o.shape.type.value));
  });
});
