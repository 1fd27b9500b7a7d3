import { shortAddress, when } from '../words/format';
import { ErrorText } from './background-context';
import { RevokeButton } from './RevokeButton';
import { useLoad } from './use-load';

/** Grants given: ask-as-me wires and cabinet grants, with app, origin, folders and expiry; each revocable on chain. */
export function GrantsSection() {
  const { data, error, reload } = useLoad({ type: 'home.grants.list' });
  const grants = data?.grants ?? [];
  return (
    <section aria-labelledby="grants-title" className="ha-card">
      <h2 id="grants-title">Grants</h2>
      <p>Apps you let ask as you, and the folders you share with them. Revoking is recorded on the chain.</p>
      <ErrorText error={error} />
      {grants.length === 0 ? (
        <p>No grants yet.</p>
      ) : (
        <table className="ha-table">
          <caption>Grants you gave and received</caption>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">App</th>
              <th scope="col">Origin</th>
              <th scope="col">Folders</th>
              <th scope="col">Expires</th>
              <th scope="col">Standing</th>
              <th scope="col">Revoke</th>
            </tr>
          </thead>
          <tbody>
            {grants.map((g) => (
              <tr key={g.hash}>
                <td>
                  {g.kind === 'ask-as-me' ? 'Ask as me' : 'Cabinet folders'} ({g.direction})
                </td>
                <td title={g.delegate}>{shortAddress(g.delegate)}</td>
                <td>{g.origin}</td>
                <td>{g.folders.join(', ')}</td>
                <td>{when(g.expiresAt)}</td>
                <td>{g.standing}</td>
                <td>
                  {g.standing === 'active' && g.direction === 'given' ? (
                    <RevokeButton kind="wire" hash={g.hash} what={`the grant to ${g.origin}`} onRevoked={reload} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
