import { describe, expect, it } from 'vitest';
import type { HarnessReply } from '../protocol/harness-reply';
import { bareTrace, respond } from './conversation/testing/card-replies';
import { watchPendingChanges, type RuntimeMessages } from './pending-changes';

const refused: HarnessReply = {
  kind: 'refused',
  outcome: 'declined',
  error: { code: 'DECLINED', message: 'You declined.' },
  spoken: '',
  receipts: [],
  plannerTrace: bareTrace,
};

function runtime() {
  const listeners = new Set<(message: unknown, sender: { id?: string }) => void>();
  const api: RuntimeMessages = {
    id: 'home-agent',
    onMessage: { addListener: (l) => void listeners.add(l), removeListener: (l) => void listeners.delete(l) },
  };
  const deliver = (message: unknown, sender: { id?: string }) => listeners.forEach((l) => l(message, sender));
  return { api, deliver, listeners };
}

describe('a face hears that what waits changed', () => {
  it('from this extension, a pending.changed or a run.replied in its own shape, never after it stops listening', () => {
    const { api, deliver, listeners } = runtime();
    let heard = 0;
    const stop = watchPendingChanges(api, () => (heard += 1));
    deliver({ type: 'pending.changed', count: 1 }, { id: 'home-agent' });
    deliver({ type: 'pending.changed', count: 1 }, { id: 'another-extension' }); // not ours
    deliver({ type: 'pending.changed', count: -1 }, { id: 'home-agent' }); // no such count
    deliver({ type: 'pending.changed', count: 1, sign: true }, { id: 'home-agent' }); // more than a notice
    deliver({ type: 'run.replied' }, { id: 'home-agent' }); // a notice without its run and reply
    expect(heard).toBe(1);
    deliver(
      { type: 'run.replied', runRef: 'run-1', from: 'popup', response: { ...respond(refused), runRef: 'run-1' } },
      { id: 'home-agent' },
    );
    expect(heard).toBe(2);
    stop();
    expect(listeners.size).toBe(0);
    deliver({ type: 'pending.changed', count: 0 }, { id: 'home-agent' });
    expect(heard).toBe(2);
  });
});
