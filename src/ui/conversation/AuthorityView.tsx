import { argumentSources, requirementFacts } from '../words/requirement-words';
import { number, shortAddress } from '../words/format';
import { useVaultNames } from '../sign/use-vault-names';
import { message, type MessageKey } from '../words/messages';
import { Details } from './Details';
import { FactList } from './FactList';
import type { ReplyActions, ReplyOf } from './transport';

const STANDING: Record<ReplyOf<'authority_required'>['standing']['relation'], MessageKey> = {
  self: 'authoritySelf',
  steward: 'authoritySteward',
  member: 'authorityMember',
  stranger: 'authorityStranger',
};

/** What a card says once its run has moved on: its buttons are gone, its record stays. */
export const movedOn = (): string => message('movedOn');

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
      <FactList
        facts={requirementFacts(requirement, [...reply.parties, ...known], now)}
        label={message('authorityWhatYouAllow')}
      />
      {reply.parties.length === 0 ? null : (
        <>
          <h4>{message('authorityParties')}</h4>
          <ul className="ha-parties">
            {reply.parties.map((p) => (
              <li key={`${p.arg}-${p.address}`}>
                {message('authorityParty', p.word, p.label)}{' '}
                <span className="ha-meta" title={p.address}>
                  {shortAddress(p.address)}
                </span>
                {p.note === undefined ? null : (
                  <span className="ha-meta"> {message('authorityPartyNote', p.note)}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <Details>
        <FactList facts={argumentSources(requirement)} label={message('authoritySources')} />
      </Details>
      <p className="ha-meta">
        {message(STANDING[reply.standing.relation])}
        {reply.alsoApprove.length > 0 ? ` ${message('authorityAlsoApprove', number(reply.alsoApprove.length))}` : ''}
      </p>
      {actions.finished === true ? (
        <p className="ha-meta">{actions.restored === true ? message('restoredRecord') : movedOn()}</p>
      ) : (
        <div className="ha-actions">
          {actions.review === undefined ? (
            <p>{message('authorityOpenPopup')}</p>
          ) : (
            <p className="ha-meta ha-wide">{message('reviewOpensPopup')}</p>
          )}
          {actions.review === undefined ? null : (
            <button type="button" disabled={actions.busy} onClick={() => actions.review?.(runRef)}>
              {message('authorityReview')}
            </button>
          )}
          <button
            type="button"
            className="ha-secondary"
            disabled={actions.busy}
            onClick={() =>
              actions.resume(
                runRef,
                [{ kind: 'decline', reason: message('authorityDeclineReason') }],
                message('authorityDecline'),
              )
            }
          >
            {message('authorityDecline')}
          </button>
        </div>
      )}
    </>
  );
}
