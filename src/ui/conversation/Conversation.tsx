import { useMemo, useRef, useState } from 'react';
import type { Material } from '../../protocol/messages/index';
import { AskForm } from './AskForm';
import { EntryView } from './EntryView';
import { KeptQuestions, useKeptQuestions } from './KeptQuestions';
import { liveEntries } from './live-runs';
import { message } from '../words/messages';
import { useRevealNewest } from './reveal-newest';
import type { AgentTransport, ReplyActions } from './transport';
import { runContext, useConversation } from './use-conversation';

/**
 * The conversation with the person's agent: the log of words and replies (announced politely as they arrive), and
 * the Ask box. The same component serves the side panel and the in-page overlay; the overlay passes the quoted
 * selection as `material` and requires trusted gestures.
 */
export function Conversation(props: {
  transport: AgentTransport;
  material?: Material;
  askLabel?: string;
  requireTrustedGesture?: boolean;
  onProvenance?: (runRef: string) => Promise<string | undefined>;
}) {
  const { transport } = props;
  const { entries, busy, restored, ask, resume, clear, stop } = useConversation(transport);
  const [cleared, setCleared] = useState(false);
  const [untrusted, setUntrusted] = useState(false);
  const kept = useKeptQuestions(transport.kept, busy, transport.watchPending);
  const actions: ReplyActions = useMemo(
    () => ({
      busy,
      resume: (runRef, supplied, said) => void resume(runRef, supplied, said),
      ...(transport.review === undefined ? {} : { review: (runRef: string) => void transport.review?.(runRef) }),
      ...(props.onProvenance === undefined ? {} : { provenance: props.onProvenance }),
      contextOf: (runRef: string) => runContext(entries, runRef),
    }),
    [busy, resume, transport, props.onProvenance, entries],
  );
  const finished = useMemo(() => ({ ...actions, finished: true }), [actions]);
  const restoredActions = useMemo(() => ({ ...actions, finished: true, restored: true }), [actions]);
  const earlier = entries.filter((e) => e.restored === true);
  const current = useMemo(() => entries.filter((e) => e.restored !== true), [entries]);
  const live = useMemo(() => liveEntries(current), [current]);
  const log = useRef<HTMLDivElement>(null);
  const keptLog = useRef<HTMLElement>(null);
  // Reopened on a kept conversation: its last entry is in view, as it was when the panel closed.
  useRevealNewest(keptLog, String(earlier.length));
  const newest = current.at(-1);
  useRevealNewest(
    log,
    newest === undefined ? '' : `${newest.id}:${newest.from}:${newest.from === 'waiting' ? newest.streamed.length : 0}`,
  );
  return (
    <div className="ha-conversation" data-kept={restored ? 'read' : 'reading'}>
      <KeptQuestions
        items={kept}
        busy={busy}
        onResend={(k) => void resume(k.runRef, [], message('keptResendSaid', k.words))}
        onDrop={(k) =>
          void resume(
            k.runRef,
            [{ kind: 'decline', reason: message('keptDropReason') }],
            message('keptDropSaid', k.words),
          )
        }
      />
      {earlier.length === 0 ? null : (
        <section ref={keptLog} className="ha-log ha-earlier" aria-label={message('conversationEarlier')}>
          <p className="ha-meta">{message('conversationKept')}</p>
          {earlier.map((entry) => (
            <EntryView key={entry.id} entry={entry} actions={restoredActions} />
          ))}
        </section>
      )}
      <div ref={log} role="log" aria-live="polite" aria-label={message('conversationLog')} className="ha-log">
        {current.map((entry) => (
          <EntryView
            key={entry.id}
            entry={entry}
            actions={entry.from !== 'agent' || live.has(entry.id) ? actions : finished}
          />
        ))}
      </div>
      {transport.history === undefined || (entries.length === 0 && !cleared) ? null : (
        <div className="ha-actions ha-clear">
          {cleared && entries.length === 0 ? (
            <p role="status" className="ha-meta">
              {message('conversationCleared')}
            </p>
          ) : (
            <button
              type="button"
              className="ha-secondary"
              disabled={busy}
              onClick={() => void clear().then(() => setCleared(true))}
            >
              {message('conversationClear')}
            </button>
          )}
        </div>
      )}
      {untrusted ? (
        <p role="alert" className="ha-error">
          {message('conversationUntrusted')}
        </p>
      ) : null}
      <AskForm
        label={props.askLabel ?? message('conversationAsk')}
        busy={busy}
        requireTrustedGesture={props.requireTrustedGesture ?? false}
        onAsk={(words) => {
          setUntrusted(false);
          void ask(words, props.material);
        }}
        onUntrusted={() => setUntrusted(true)}
        onStop={stop}
      />
    </div>
  );
}
