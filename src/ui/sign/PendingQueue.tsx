import { message, type MessageKey } from '../words/messages';
import { mandateTitle } from '../words/pending-words';
import type { PendingItem } from './transport';

const WAITING: Record<string, MessageKey> = {
  authority_required: 'queueOnSignature',
  prompt: 'queueOnAnswer',
  waiting: 'queueOnAgent',
};

/** What the request waits on, in words: a stopped run waits on nobody but the person sending it again. */
function waitsFor(item: PendingItem): string {
  if (item.stopped === true) return message('queueStopped');
  const on = item.approval !== undefined ? 'queueOnCoSigner' : WAITING[item.waitingFor];
  return message('queueWaitsFor', on === undefined ? item.waitingFor : message(on));
}

/** The queue of requests waiting for the person; one is open at a time, chosen by its id. */
/** Whose words started a run an app began by asking as the person. */
export const askedBy = (from: { app: string; origin: string }) => message('queueAskedBy', from.app, from.origin);

export function PendingQueue({
  items,
  selected,
  onSelect,
}: {
  items: PendingItem[];
  selected: string | undefined;
  onSelect: (runRef: string) => void;
}) {
  return (
    <section aria-labelledby="pending-title">
      <h1 id="pending-title">{message('queueTitle')}</h1>
      {items.length === 0 ? (
        <p>{message('queueEmpty')}</p>
      ) : (
        <ul className="ha-queue" aria-label={message('queueLabel')}>
          {items.map((item) => (
            <li key={item.runRef}>
              <button
                type="button"
                className="ha-link"
                aria-current={item.runRef === selected}
                onClick={() => onSelect(item.runRef)}
              >
                {item.requirement !== undefined ? mandateTitle(item.requirement) : item.text.slice(0, 120)} —{' '}
                {waitsFor(item)}
                {item.from !== undefined ? ` — ${askedBy(item.from)}` : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
