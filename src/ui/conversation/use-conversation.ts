import { useCallback, useEffect, useRef, useState } from 'react';
import type { Supplied } from '../../protocol/ask';
import type { Result, WireError } from '../../protocol/errors';
import type { AskResponse } from '../../protocol/harness-reply';
import type { Material } from '../../protocol/messages';
import type { AgentTransport } from './transport';

/** One entry of the conversation, in order. */
export type Entry =
  | { id: number; from: 'you'; words: string; material?: Material }
  | { id: number; from: 'agent'; response: AskResponse }
  | { id: number; from: 'error'; error: WireError }
  | { id: number; from: 'waiting'; streamed: string }
  | { id: number; from: 'stopped' };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type NewEntry = DistributiveOmit<Entry, 'id'>;

/**
 * The conversation's state: the person's words, the agent's replies, the turn in flight (with its streamed text)
 * and a way to stop waiting for it. One turn at a time: the person answers a reply before asking again.
 */
export function useConversation(transport: AgentTransport) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [busy, setBusy] = useState(false);
  const next = useRef(0);
  const controller = useRef<AbortController | undefined>(undefined);

  const push = useCallback((entry: NewEntry) => {
    const id = ++next.current;
    setEntries((all) => [...all, { ...entry, id } as Entry]);
    return id;
  }, []);
  const replace = useCallback((id: number, entry: NewEntry) => setEntries((all) => all.map((e) => (e.id === id ? ({ ...entry, id } as Entry) : e))), []);

  const turn = useCallback(
    async (work: (signal: AbortSignal, onText: (text: string) => void) => Promise<Result<AskResponse>>) => {
      const abort = new AbortController();
      controller.current = abort;
      setBusy(true);
      const waiting = push({ from: 'waiting', streamed: '' });
      const result = await work(abort.signal, (text) => replace(waiting, { from: 'waiting', streamed: text }));
      controller.current = undefined;
      setBusy(false);
      if (abort.signal.aborted) return replace(waiting, { from: 'stopped' });
      replace(waiting, result.ok ? { from: 'agent', response: result.data } : { from: 'error', error: result.error });
    },
    [push, replace],
  );

  const ask = useCallback(
    (words: string, material: Material | undefined) => {
      push(material === undefined ? { from: 'you', words } : { from: 'you', words, material });
      return turn((signal, onText) => transport.ask(words, material, { signal, onText }));
    },
    [push, turn, transport],
  );

  const resume = useCallback(
    (runRef: string, supplied: Supplied[], said: string) => {
      push({ from: 'you', words: said });
      return turn((signal) => transport.resume(runRef, supplied, { signal }));
    },
    [push, turn, transport],
  );

  // A run signed (or declined) in the popup moves on there; its new reply is shown here too.
  useEffect(() => transport.subscribe?.((_runRef, response) => void push({ from: 'agent', response })), [transport, push]);

  return { entries, busy, ask, resume, stop: () => controller.current?.abort() };
}
