import { describe, expect, it } from 'vitest';
import {
  AskReply,
  AskRequest,
  BROADCAST_TYPES,
  ContentCommand,
  EXTENSION_REPLIES,
  ExtensionRequest,
  Material,
  MESSAGE_LIMITS,
  Origin,
  PendingListReply,
  WireReply,
  WorkerStatusReply,
} from './index';

const material = {
  text: 'Aspirin 81 mg daily',
  source: 'page-selection',
  origin: 'http://127.0.0.1:8080',
  trust: 'untrusted',
};

describe('extension messages', () => {
  it('accepts each request type and routes the union by type', () => {
    expect(ExtensionRequest.parse({ type: 'ask', words: 'How is my week?' })).toEqual({
      type: 'ask',
      words: 'How is my week?',
    });
    expect(ExtensionRequest.parse({ type: 'ask', words: 'Explain this', material }).type).toBe('ask');
    for (const type of ['pending.list', 'worker.status', 'router.stats'] as const) {
      expect(ExtensionRequest.parse({ type })).toEqual({ type });
    }
  });

  it('refuses unknown types, extra keys and the wrong types of value', () => {
    expect(ExtensionRequest.safeParse({ type: 'sign.now' }).success).toBe(false);
    expect(ExtensionRequest.safeParse({ words: 'no type' }).success).toBe(false);
    expect(ExtensionRequest.safeParse({ type: 'pending.list', extra: true }).success).toBe(false);
    expect(AskRequest.safeParse({ type: 'ask', words: 42 }).success).toBe(false);
    expect(AskRequest.safeParse({ type: 'ask', words: '   ' }).success).toBe(false);
    expect(AskRequest.safeParse({ type: 'ask', words: 'hi', origin: 'https://evil.example' }).success).toBe(false);
  });

  it('caps every string', () => {
    const words = 'a'.repeat(MESSAGE_LIMITS.words);
    expect(AskRequest.safeParse({ type: 'ask', words }).success).toBe(true);
    expect(AskRequest.safeParse({ type: 'ask', words: `${words}a` }).success).toBe(false);
    const text = 'b'.repeat(MESSAGE_LIMITS.material + 1);
    expect(Material.safeParse({ ...material, text }).success).toBe(false);
    expect(Origin.safeParse(`https://${'c'.repeat(MESSAGE_LIMITS.origin)}.example`).success).toBe(false);
  });

  it('keeps quoted material untrusted and from a real origin', () => {
    expect(Material.parse(material)).toEqual(material);
    expect(Material.safeParse({ ...material, trust: 'trusted' }).success).toBe(false);
    expect(Material.safeParse({ ...material, source: 'instruction' }).success).toBe(false);
    expect(Material.safeParse({ ...material, origin: 'http://127.0.0.1:8080/path' }).success).toBe(false);
    expect(Material.safeParse({ ...material, origin: 'javascript:alert(1)' }).success).toBe(false);
    expect(Origin.safeParse('null').success).toBe(true);
  });

  it('caps lists in replies and checks reply shapes', () => {
    const request = { id: 'r1', kind: 'sign', origin: 'http://127.0.0.1:1', summary: 'Sign in', createdAt: 1 };
    expect(PendingListReply.parse({ requests: [] })).toEqual({ requests: [] });
    expect(PendingListReply.safeParse({ requests: Array(MESSAGE_LIMITS.list + 1).fill(request) }).success).toBe(false);
    expect(WorkerStatusReply.safeParse({ startId: 'a', previousStartId: null, starts: 0, startedAt: 1 }).success).toBe(
      false,
    );
    expect(
      AskReply.safeParse({ kind: 'echo', runRef: 'run:1', words: 'x', text: 'y', from: 'page-script' }).success,
    ).toBe(false);
  });

  it('has a reply schema for every request type, and the wire envelope is one of two shapes', () => {
    const types = ExtensionRequest.options.map((option) => option.shape.type.value).sort();
    expect(Object.keys(EXTENSION_REPLIES).sort()).toEqual(types);
    expect(WireReply.safeParse({ ok: true, data: { anything: 1 } }).success).toBe(true);
    expect(WireReply.safeParse({ ok: false, error: { code: 'BAD_INPUT', message: 'no' } }).success).toBe(true);
    expect(WireReply.safeParse({ ok: false, error: { code: 'bad code', message: 'no' } }).success).toBe(false);
    expect(WireReply.safeParse({ ok: false, error: { code: 'X1', message: 'no', stack: 'at …' } }).success).toBe(false);
  });

  it('checks commands to the content script and names the broadcasts the background leaves alone', () => {
    expect(ContentCommand.parse({ type: 'overlay.open', material }).type).toBe('overlay.open');
    expect(
      ContentCommand.safeParse({ type: 'overlay.open', material: { ...material, trust: 'trusted' } }).success,
    ).toBe(false);
    expect(ContentCommand.safeParse({ type: 'ask', words: 'hi' }).success).toBe(false);
    expect([...BROADCAST_TYPES]).toEqual(['pending.changed', 'run.replied']);
    const requestTypes = new Set(ExtensionRequest.options.map((option) => option.shape.type.value as string));
    expect([...BROADCAST_TYPES].filter((type) => requestTypes.has(type))).toEqual([]);
  });
});
