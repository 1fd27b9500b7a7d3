import { when } from '../words/format';
import { capabilityLabel } from '../words/requirement-words';
import { ErrorText } from './background-context';
import { RevokeButton } from './RevokeButton';
import { useLoad } from './use-load';

/** Mandates: what you signed for your agent's steps — active, used or revoked; an active one can be revoked on chain. */
export function MandatesSection() {
  const { data, error, reload } = useLoad({ type: 'home.mandates.list' });
  const mandates = data?.mandates ?? [];
  return (
    <section aria-labelledby="mandates-title" className="ha-card">
      <h2 id="mandates-title">Mandates</h2>
      <ErrorText error={error} />
      {mandates.length === 0 ? (
        <p>No mandates yet. When you sign a step your agent asks for, it is listed here.</p>
      ) : (
        <table className="ha-table">
          <caption>Mandates you signed</caption>
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Status</th>
              <th scope="col">Uses</th>
              <th scope="col">Valid until</th>
              <th scope="col">Mandate</th>
              <th scope="col">Revoke</th>
            </tr>
          </thead>
          <tbody>
            {mandates.map((m) => (
              <tr key={m.hash}>
                <td>{capabilityLabel(m.capability)}</td>
                <td>{m.status}</td>
                <td>
                  {m.uses} of {m.maxUses}
                </td>
                <td>{m.validUntil === null ? '' : when(m.validUntil)}</td>
                <td>
                  <code className="ha-digest">{m.hash}</code>
                </td>
                <td>
                  {m.status === 'active' ? (
                    <RevokeButton
                      kind="mandate"
                      hash={m.hash}
                      what={`the mandate for ${capabilityLabel(m.capability)}`}
                      onRevoked={reload}
                    />
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
