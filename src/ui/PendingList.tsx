import type { WireError } from '../protocol/errors';
import type { PendingRequest } from '../protocol/messages';

/** The requests waiting for the person; `undefined` while loading. */
export function PendingList({ requests, error }: { requests: PendingRequest[] | undefined; error?: WireError }) {
  return (
    <section aria-labelledby="pending-title">
      <h1 id="pending-title">Requests waiting for you</h1>
      {error !== undefined ? (
        <p role="alert" className="ha-error">
          {error.message}
        </p>
      ) : requests === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : requests.length === 0 ? (
        <p>No requests are waiting for you.</p>
      ) : (
        <ul aria-label="Pending requests">
          {requests.map((request) => (
            <li key={request.id}>
              {request.summary} <span className="ha-origin">({request.origin})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
