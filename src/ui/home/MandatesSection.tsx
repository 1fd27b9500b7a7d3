import { when } from '../words/format';
import { capabilityLabel } from '../words/requirement-words';
import { message, type MessageKey } from '../words/messages';
import type { ReplyOf } from '../../protocol/messages/index';
import { ErrorText } from './background-context';
import { RevokeButton } from './RevokeButton';
import { useLoad } from './use-load';

type MandateView = ReplyOf<'home.mandates.list'>['mandates'][number];

const STATUS: Record<MandateView['status'], MessageKey> = {
  active: 'mandatesActive',
  used: 'mandatesUsed',
  revoked: 'mandatesRevoked',
};

/** Mandates: what you signed for your agent's steps — active, used or revoked; an active one can be revoked on chain. */
export function MandatesSection() {
  const { data, error, reload } = useLoad({ type: 'home.mandates.list' });
  const mandates = data?.mandates ?? [];
  const number = new Intl.NumberFormat();
  return (
    <section aria-labelledby="mandates-title" className="ha-card">
      <h2 id="mandates-title">{message('mandatesTitle')}</h2>
      <ErrorText error={error} />
      {mandates.length === 0 ? (
        <p>{message('mandatesNone')}</p>
      ) : (
        <table className="ha-table">
          <caption>{message('mandatesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{message('mandatesColWhat')}</th>
              <th scope="col">{message('mandatesColStatus')}</th>
              <th scope="col">{message('mandatesColUses')}</th>
              <th scope="col">{message('mandatesColValidUntil')}</th>
              <th scope="col">{message('mandatesColMandate')}</th>
              <th scope="col">{message('mandatesColRevoke')}</th>
            </tr>
          </thead>
          <tbody>
            {mandates.map((m) => (
              <tr key={m.hash}>
                <td>{capabilityLabel(m.capability)}</td>
                <td>{message(STATUS[m.status])}</td>
                <td>{message('mandatesUses', number.format(m.uses), number.format(m.maxUses))}</td>
                <td>{m.validUntil === null ? '' : when(m.validUntil)}</td>
                <td>
                  <code className="ha-digest">{m.hash}</code>
                </td>
                <td>
                  {m.status === 'active' ? (
                    <RevokeButton
                      kind="mandate"
                      hash={m.hash}
                      what={message('mandatesWhat', capabilityLabel(m.capability))}
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
