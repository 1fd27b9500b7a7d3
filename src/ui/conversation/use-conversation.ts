import { useCallback, useEffect, useRef, useState } from 'react';
import type { Supplied } from '../../protocol/ask';
import type { Result, WireError } from '../../protocol/errors';
import type { AskResponse, Requirement } from '../../protocol/harness-reply';
import { digestOf } from '../../protocol/digest';
import type { RunReplied } from '../../protocol/faces-broadcast';
import type { Material } from '../../protocol/messages/index';
import type { ConversationEntry } from '../../protocol/messages/agent';
import type { StepNotice } from '../../protocol/messages/ask-stream';
import type { AgentTransport } from './transport';

/** One entry of the conversation, in order. `restored`: kept in the vault from an earlier visit, a record only. */
export type Entry = (
  | { id: number; from: 'you'; words: string; material?: Material }
  | { id: number; from: 'agent'; response: AskResponse }
  | { id: number; from: 'error'; error: WireError }
  | { id: number; from: 'waiting'; streamed: string; step?: StepNotice }
  | { id: number; from: 'stopped' }
) & { restored?: true };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type NewEntry = DistributiveOmit<Entry, 'id'>;

/** What the vault keeps of an entry: everything but the turn in flight, and not the face's own numbering. */
function keptOf(entry: NewEntry): ConversationEntry | undefined {
  switch (entry.from) {
    case 'you':
      return entry.material === undefined
        ? { from: 'you', words: entry.words }
        : { from: 'you', words: entry.words, material: entry.material };
    case 'agent':
      return { from: 'agent', response: entry.response };
    case 'error':
      return { from: 'error', error: entry.error };
    case 'stopped':
      return { from: 'stopped' };
    case 'waiting':
      return undefined;
  }
}

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

  const history = transport.history;
  /**
   * Whether the face has read what it had to read on opening (the kept conversation, the replies it missed while
   * closed), or has none to read: a face's tests wait for it.
   */
  const [restored, setRestored] = useState(history === undefined && transport.replay === undefined);
  /** Each entry is kept in the vault as it is shown (the turn in flight once it has its reply). */
  const keep = useCallback(
    (entry: NewEntry) => {
      const kept = keptOf(entry);
      if (kept !== undefined) history?.add(kept);
    },
    [history],
  );
  const push = useCallback(
    (entry: NewEntry) => {
      const id = ++next.current;
      setEntries((all) => [...all, { ...entry, id } as Entry]);
      keep(entry);
      return id;
    },
    [keep],
  );
  const replace = useCallback(
    (id: number, entry: NewEntry) => {
      setEntries((all) => all.map((e) => (e.id === id ? ({ ...entry, id } as Entry) : e)));
      keep(entry);
    },
    [keep],
  );
  /** The turn in flight, as it goes: the text streamed so far, the step the plan is on. */
  const progress = useCallback(
    (id: number, change: { streamed: string } | { step: StepNotice }) =>
      setEntries((all) => all.map((e) => (e.id === id && e.from === 'waiting' ? { ...e, ...change } : e))),
    [],
  );

  /** Forgets the conversation, here and in the vault. */
  const clear = useCallback(async () => {
    await history?.clear();
    setEntries((all) => all.filter((e) => e.from === 'waiting'));
  }, [history]);

  const turn = useCallback(
    async (
      work: (
        signal: AbortSignal,
        onText: (text: string) => void,
        onStep: (step: StepNotice) => void,
      ) => Promise<Result<AskResponse>>,
    ) => {
      const abort = new AbortController();
      controller.current = abort;
      setBusy(true);
      const waiting = push({ from: 'waiting', streamed: '' });
      const result = await work(
        abort.signal,
        (streamed) => progress(waiting, { streamed }),
        (step) => progress(waiting, { step }),
      );
      controller.current = undefined;
      setBusy(false);
      if (abort.signal.aborted) return replace(waiting, { from: 'stopped' });
      if (result.ok) seen.current.add(`${result.data.runRef}:${digestOf(result.data)}`);
      replace(waiting, result.ok ? { from: 'agent', response: result.data } : { from: 'error', error: result.error });
    },
    [push, replace, progress],
  );

  const ask = useCallback(
    (words: string, material: Material | undefined) => {
      push(material === undefined ? { from: 'you', words } : { from: 'you', words, material });
      return turn((signal, onText, onStep) => transport.ask(words, material, { signal, onText, onStep }));
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
  const show = useCallback(
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
  /** Notices heard while the kept conversation is still being read: held until it is, then shown unless kept. */
  const held = useRef<RunReplied[] | undefined>([]);
  const notice = useCallback(
    (n: RunReplied) => void (held.current === undefined ? show(n) : held.current.push(n)),
    [show],
  );
  useEffect(() => transport.subscribe?.(notice), [transport, notice]);

  // Opening: the conversation kept from an earlier visit comes first, as a record (its replies already seen); only
  // then the replies this face missed while closed (asked from the overlay), and those heard meanwhile — so a reply
  // the vault already keeps is neither shown nor kept a second time, whichever read would have answered first.
  useEffect(() => {
    let live = true;
    void (async () => {
      const kept = (await history?.load()) ?? [];
      if (!live) return;
      const earlier = kept.map((entry) => ({ ...entry, id: ++next.current, restored: true as const }) as Entry);
      for (const e of kept) if (e.from === 'agent') seen.current.add(`${e.response.runRef}:${digestOf(e.response)}`);
      if (earlier.length > 0) setEntries((all) => [...earlier, ...all]);
      const missed = (await transport.replay?.()) ?? [];
      if (!live) return;
      const heard = held.current ?? [];
      held.current = undefined;
      for (const n of [...missed, ...heard]) show(n);
      setRestored(true);
    })();
    return () => {
      live = false;
    };
  }, [history, transport, show]);

  return { entries, busy, restored, ask, resume, clear, stop: () => controller.current?.abort() };
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
