import { mandateTitle } from '../words/pending-words';
import type { PendingItem } from './transport';

const WAITING: Record<string, string> = {
  authority_required: 'your signature',
  prompt: 'your answer or an approval',
  waiting: 'another agent',
};

/** What the request waits on, in words: a stopped run waits on nobody but the person sending it again. */
function waitsFor(item: PendingItem): string {
  if (item.stopped === true) return 'stopped part-way: send it again to finish';
  return `waits for ${item.approval !== undefined ? 'a co-signer’s approval' : (WAITING[item.waitingFor] ?? item.waitingFor)}`;
}

/** The queue of requests waiting for the person; one is open at a time, chosen by its id. */
/** Whose words started a run an app began by asking as the person. */
export const askedBy = (from: { app: string; origin: string }) => `${from.app} (${from.origin}) asked your agent`;

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
      <h1 id="pending-title">Requests waiting for you</h1>
      {items.length === 0 ? (
        <p>No requests are waiting for you.</p>
      ) : (
        <ul className="ha-queue" aria-label="Pending requests">
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
