import { argumentSources, requirementFacts } from '../words/requirement-words';
import { shortAddress } from '../words/format';
import { useVaultNames } from '../sign/use-vault-names';
import { message } from '../words/messages';
import { Details } from './Details';
import { FactList } from './FactList';
import type { ReplyActions, ReplyOf } from './transport';

const STANDING: Record<ReplyOf<'authority_required'>['standing']['relation'], string> = {
  self: 'You act for yourself.',
  steward: 'You act as this organization’s steward.',
  member: 'You are a member; a steward must sign.',
  stranger: 'You hold no standing here.',
};

/** What a card says once its run has moved on: its buttons are gone, its record stays. */
export const MOVED_ON = message('movedOn');

/**
 * A step that needs the person's mandate: what it will do, for whom, how much, to whom, until when, the risk and the
 * parties — all read from the requirement that will be signed. Signing happens in the popup (one request at a time,
 * resolved there by this run's id), never here: this card only opens it, or declines.
 */
export function AuthorityView({
  reply,
  runRef,
  actions,
  now,
}: {
  reply: ReplyOf<'authority_required'>;
  runRef: string;
  actions: ReplyActions;
  now: number;
}) {
  const { requirement } = reply;
  const known = useVaultNames([requirement.delegator, requirement.delegate]);
  return (
    <>
      <p>{reply.summary}</p>
      <FactList facts={requirementFacts(requirement, [...reply.parties, ...known], now)} label="What you would allow" />
      {reply.parties.length === 0 ? null : (
        <>
          <h4>The parties</h4>
          <ul className="ha-parties">
            {reply.parties.map((p) => (
              <li key={`${p.arg}-${p.address}`}>
                “{p.word}” → {p.label}{' '}
                <span className="ha-meta" title={p.address}>
                  {shortAddress(p.address)}
                </span>
                {p.note === undefined ? null : <span className="ha-meta"> — {p.note}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      <Details>
        <FactList facts={argumentSources(requirement)} label="Where each detail came from" />
      </Details>
      <p className="ha-meta">
        {STANDING[reply.standing.relation]}
        {reply.alsoApprove.length > 0 ? ` ${reply.alsoApprove.length} other approval(s) will be needed too.` : ''}
      </p>
      {actions.finished === true ? (
        <p className="ha-meta">{actions.restored === true ? message('restoredRecord') : MOVED_ON}</p>
      ) : (
        <div className="ha-actions">
          {actions.review === undefined ? (
            <p>Open Home Agent’s popup to review and sign this request.</p>
          ) : (
            <p className="ha-meta ha-wide">{message('reviewOpensPopup')}</p>
          )}
          {actions.review === undefined ? null : (
            <button type="button" disabled={actions.busy} onClick={() => actions.review?.(runRef)}>
              Review and sign
            </button>
          )}
          <button
            type="button"
            className="ha-secondary"
            disabled={actions.busy}
            onClick={() =>
              actions.resume(runRef, [{ kind: 'decline', reason: 'declined in the conversation' }], 'Decline')
            }
          >
            Decline
          </button>
        </div>
      )}
    </>
  );
}
