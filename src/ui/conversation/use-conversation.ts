import { useCallback, useEffect, useRef, useState } from 'react';
import type { Supplied } from '../../protocol/ask';
import type { Result, WireError } from '../../protocol/errors';
import type { AskResponse, Requirement } from '../../protocol/harness-reply';
import { digestOf } from '../../protocol/digest';
import type { RunReplied } from '../../protocol/faces-broadcast';
import type { Material } from '../../protocol/messages/index';
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
  /** Replies already shown (run + reply digest), so a notice of a reply this face has is not shown twice. */
  const seen = useRef(new Set<string>());

  const push = useCallback((entry: NewEntry) => {
    const id = ++next.current;
    setEntries((all) => [...all, { ...entry, id } as Entry]);
    return id;
  }, []);
  const replace = useCallback(
    (id: number, entry: NewEntry) =>
      setEntries((all) => all.map((e) => (e.id === id ? ({ ...entry, id } as Entry) : e))),
    [],
  );

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
      if (result.ok) seen.current.add(`${result.data.runRef}:${digestOf(result.data)}`);
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

  // A run signed in the popup, or asked from the overlay, moves on there; its new reply is shown here too (display
  // only: any act on it still goes to the background by the run's id).
  const notice = useCallback(
    (n: RunReplied) => {
      const key = `${n.runRef}:${digestOf(n.response)}`;
      if (seen.current.has(key)) return;
      seen.current.add(key);
      if (n.words !== undefined)
        push(
          n.material === undefined
            ? { from: 'you', words: n.words }
            : { from: 'you', words: n.words, material: n.material },
        );
      push({ from: 'agent', response: n.response });
    },
    [push],
  );
  useEffect(() => transport.subscribe?.(notice), [transport, notice]);
  useEffect(() => void transport.replay?.().then((all) => all.forEach(notice)), [transport, notice]);

  return { entries, busy, ask, resume, stop: () => controller.current?.abort() };
}

/**
 * What the conversation showed of a run: the requirement of its last `authority_required` reply (the bytes the
 * person reviewed) and who asks — for an approval request built from it. Its digest is checked again before use.
 */
export function runContext(
  entries: readonly Entry[],
  runRef: string,
): { requirement: Requirement | undefined; requester: { address: `0x${string}`; label: string } } {
  const replies = entries.flatMap((e) => (e.from === 'agent' && e.response.runRef === runRef ? [e.response] : []));
  const authority = [...replies].reverse().find((r) => r.reply.kind === 'authority_required');
  const requirement = authority?.reply.kind === 'authority_required' ? authority.reply.requirement : undefined;
  const addressee = replies[0]?.addressee ?? ('0x0000000000000000000000000000000000000000' as const);
  const party =
    authority?.reply.kind === 'authority_required'
      ? authority.reply.parties.find((p) => p.address.toLowerCase() === addressee.toLowerCase())
      : undefined;
  return { requirement, requester: { address: addressee, label: party?.label ?? 'your agent' } };
}
