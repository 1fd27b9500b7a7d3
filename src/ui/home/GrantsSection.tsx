import { shortAddress, when } from '../words/format';
import { message, type MessageKey } from '../words/messages';
import type { ReplyOf } from '../../protocol/messages/index';
import { ErrorText } from './background-context';
import { RevokeButton } from './RevokeButton';
import { useLoad } from './use-load';

type GrantView = ReplyOf<'home.grants.list'>['grants'][number];

const KIND: Record<GrantView['kind'], Record<GrantView['direction'], MessageKey>> = {
  'ask-as-me': { given: 'grantsAskAsMeGiven', received: 'grantsAskAsMeReceived' },
  'cabinet-grant': { given: 'grantsCabinetGiven', received: 'grantsCabinetReceived' },
};
const STANDING: Record<GrantView['standing'], MessageKey> = {
  active: 'grantsActive',
  revoked: 'grantsRevoked',
  expired: 'grantsExpired',
  'not-yet-valid': 'grantsNotYetValid',
};

/** Grants given: ask-as-me wires and cabinet grants, with app, origin, folders and expiry; each revocable on chain. */
export function GrantsSection() {
  const { data, error, reload } = useLoad({ type: 'home.grants.list' });
  const grants = data?.grants ?? [];
  const folders = new Intl.ListFormat(undefined, { type: 'unit', style: 'short' });
  return (
    <section aria-labelledby="grants-title" className="ha-card">
      <h2 id="grants-title">{message('grantsTitle')}</h2>
      <p>{message('grantsIntro')}</p>
      <ErrorText error={error} />
      {grants.length === 0 ? (
        <p>{message('grantsNone')}</p>
      ) : (
        <table className="ha-table">
          <caption>{message('grantsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{message('grantsColKind')}</th>
              <th scope="col">{message('grantsColApp')}</th>
              <th scope="col">{message('grantsColOrigin')}</th>
              <th scope="col">{message('grantsColFolders')}</th>
              <th scope="col">{message('grantsColExpires')}</th>
              <th scope="col">{message('grantsColStanding')}</th>
              <th scope="col">{message('grantsColRevoke')}</th>
            </tr>
          </thead>
          <tbody>
            {grants.map((g) => (
              <tr key={g.hash}>
                <td>{message(KIND[g.kind][g.direction])}</td>
                <td title={g.delegate}>{shortAddress(g.delegate)}</td>
                <td>{g.origin}</td>
                <td>{folders.format(g.folders)}</td>
                <td>{when(g.expiresAt)}</td>
                <td>{message(STANDING[g.standing])}</td>
                <td>
                  {g.standing === 'active' && g.direction === 'given' ? (
                    <RevokeButton kind="wire" hash={g.hash} what={message('grantsWhat', g.origin)} onRevoked={reload} />
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
