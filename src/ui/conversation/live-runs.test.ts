import { describe, expect, it } from 'vitest';
import type { AskResponse, HarnessReply } from '../../protocol/harness-reply';
import { liveEntries } from './live-runs';
import type { Entry } from './use-conversation';

const reply = (id: number, runRef: string, kind: HarnessReply['kind']): Entry => ({
  id,
  from: 'agent',
  response: { runRef, reply: { kind } } as unknown as AskResponse,
});

describe('which reply cards keep live buttons', () => {
  it("only a run's newest reply, and only while the run is not finished", () => {
    const entries: Entry[] = [
      reply(1, 'pay', 'authority_required'),
      { id: 2, from: 'you', words: 'Who is bob?' },
      reply(3, 'ask', 'prompt'),
      reply(4, 'pay', 'done'),
      reply(5, 'other', 'authority_required'),
    ];
    expect([...liveEntries(entries)].sort()).toEqual([3, 5]);
  });

  it('a declined request leaves no card live', () => {
    expect(liveEntries([reply(1, 'pay', 'authority_required'), reply(2, 'pay', 'refused')]).size).toBe(0);
  });
});
