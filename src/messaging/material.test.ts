import { describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS } from '../protocol/messages/index';
import { originOfUrl, selectionMaterial } from './material';

describe('selection material', () => {
  it('quotes a trimmed selection as untrusted page text from its origin', () => {
    expect(selectionMaterial('  Take two now.  ', 'http://127.0.0.1:1')).toEqual({
      text: 'Take two now.',
      source: 'page-selection',
      origin: 'http://127.0.0.1:1',
      trust: 'untrusted',
    });
  });

  it('caps a long selection, and has nothing for an empty one or an unnamed origin', () => {
    expect(selectionMaterial('x'.repeat(MESSAGE_LIMITS.material + 50), 'https://a.example')?.text).toHaveLength(
      MESSAGE_LIMITS.material,
    );
    expect(selectionMaterial('   ', 'https://a.example')).toBeUndefined();
    expect(selectionMaterial('text', undefined)).toBeUndefined();
    expect(selectionMaterial('text', 'not an origin')).toBeUndefined();
  });

  it('names the origin of a URL the browser reported', () => {
    expect(originOfUrl('https://a.example:8443/p?q=1#h')).toBe('https://a.example:8443');
    expect(originOfUrl('data:text/html,hi')).toBeUndefined();
    expect(originOfUrl('not a url')).toBeUndefined();
    expect(originOfUrl(undefined)).toBeUndefined();
  });
});
