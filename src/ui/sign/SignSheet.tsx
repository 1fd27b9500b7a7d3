import { useId, useRef, useState } from 'react';
import type { Requirement } from '../../protocol/harness-reply';
import { Details } from '../conversation/Details';
import { FactList } from '../conversation/FactList';
import { argumentSources, capabilityLabel, partyName, requirementFacts } from '../words/requirement-words';
import { count, tokenAmount, when } from '../words/format';
import type { StepPreview } from '../../protocol/messages/agent';
import { message } from '../words/messages';
import { BalancePreview } from './BalancePreview';
import type { PendingItem } from './transport';
import { useVaultNames } from './use-vault-names';
import { askedBy } from './PendingQueue';

/** The mandate's caveats exactly as they will be enforced: limits, window, calls. */
function caveatFacts(r: Requirement) {
  const facts = [
    { term: message('sheetCalls'), detail: message('sheetAtMost', String(r.caveats.calls)) },
    { term: message('sheetValidUntil'), detail: when(r.caveats.notAfter * 1000) },
  ];
  if (r.caveats.maxAmount !== undefined)
    facts.push({ term: message('sheetAmountLimit'), detail: tokenAmount(r.caveats.maxAmount) });
  if (r.caveats.recipient !== undefined) facts.push({ term: message('sheetOnlyTo'), detail: r.caveats.recipient });
  return facts;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A later step's arguments in words (who is invited, paid…): what tells it apart from the first. */
const argumentFacts = (r: Requirement, parties: Parameters<typeof partyName>[1]) =>
  Object.entries(r.args).map(([arg, v]) => ({
    term: arg,
    detail: typeof v === 'string' && ADDRESS.test(v) ? partyName(v, parties) : String(v).slice(0, 200),
  }));
const addressesIn = (rs: readonly Requirement[]) =>
  rs.flatMap((r) => Object.values(r.args).filter((v): v is `0x${string}` => typeof v === 'string' && ADDRESS.test(v)));

/**
 * The signing sheet for ONE request, resolved by its id: the requirement in words, the exact digest that will be
 * signed, the delegate, the caveats and the risk. Sign needs the unlocked key and a real gesture (a trusted click or
 * key press — a script's synthetic click is ignored); Decline ends the run, refused, with the person's reason.
 */
export function SignSheet(props: {
  item: PendingItem & { requirement: Requirement };
  unlocked: boolean;
  busy: boolean;
  /** Each payment step's balances before → after, simulated on the agent's chain; undefined while it runs. */
  previews?: readonly StepPreview[] | undefined;
  onSign: (expect: `0x${string}`, alsoExpect: `0x${string}`[]) => void;
  onDecline: (reason: string | undefined) => void;
  onUntrusted: () => void;
}) {
  const { item, unlocked, busy } = props;
  const r = item.requirement;
  const also = item.also ?? [];
  const reasonId = useId();
  const parties = useVaultNames([
    r.delegator,
    r.delegate,
    ...(r.caveats.recipient === undefined ? [] : [r.caveats.recipient]),
    ...addressesIn(also),
  ]);
  const [reason, setReason] = useState('');
  const trusted = useRef(false);
  const previewOf = (step: Requirement, later?: string) => {
    const found = props.previews?.find((p) => p.stepRef === step.stepRef);
    if (found !== undefined)
      return <BalancePreview preview={found} parties={parties} {...(later === undefined ? {} : { step: later })} />;
    return props.previews === undefined && step.caveats.token === 'usdc' ? (
      <p aria-busy="true" className="ha-meta">
        {message('previewLoading')}
      </p>
    ) : null;
  };
  return (
    <section aria-labelledby="sheet-title" className="ha-card ha-sheet">
      <h2 id="sheet-title">{message('sheetTitle')}</h2>
      <p>{item.text}</p>
      <p className="ha-meta">
        {item.from !== undefined
          ? message('sheetAppAsked', askedBy(item.from), item.words)
          : message('sheetYouAsked', item.words)}
      </p>
      <FactList facts={requirementFacts(r, parties, Date.now())} label={message('sheetWhatYouAllow')} />
      {previewOf(r)}
      <Details>
        <h3>{message('sheetDigest')}</h3>
        <p>
          <code className="ha-digest" data-testid="binding-digest">
            {r.bindingDigest}
          </code>
        </p>
        <h3>{message('sheetWhoActs')}</h3>
        <p>
          <code className="ha-digest">{r.delegate}</code>{' '}
          {message('sheetWhoActsDetail', r.stepRef, capabilityLabel(r.capability))} <code>{r.runRef}</code>
        </p>
        <h3>{message('sheetCaveats')}</h3>
        <FactList facts={caveatFacts(r)} label={message('sheetCaveats')} />
        <FactList facts={argumentSources(r, item.from?.app)} label={message('sheetSources')} />
      </Details>
      {also.length === 0 ? null : (
        <section aria-labelledby="also-title">
          <h3 id="also-title">{message('sheetAlso', count(also.length, 'more step', 'more steps'))}</h3>
          {also.map((a) => (
            <div key={a.bindingDigest} className="ha-card">
              <FactList
                facts={[...argumentFacts(a, parties), ...requirementFacts(a, parties, Date.now())]}
                label={message('sheetStepAllows', a.stepRef)}
              />
              {previewOf(a, a.stepRef)}
              <Details>
                <code className="ha-digest" data-testid="also-digest">
                  {a.bindingDigest}
                </code>
              </Details>
            </div>
          ))}
        </section>
      )}
      {unlocked ? null : <p className="ha-warning">{message('sheetLocked')}</p>}
      <div className="ha-actions">
        <button
          type="button"
          disabled={busy || !unlocked}
          onClick={(event) => {
            trusted.current = event.nativeEvent.isTrusted;
            if (!trusted.current) return props.onUntrusted();
            props.onSign(
              r.bindingDigest,
              also.map((a) => a.bindingDigest),
            );
          }}
        >
          {busy
            ? message('sheetSigning')
            : also.length === 0
              ? message('sheetSign')
              : message('sheetSignAll', String(also.length + 1))}
        </button>
        <button
          type="button"
          className="ha-secondary"
          disabled={busy}
          onClick={() => props.onDecline(reason.trim() === '' ? undefined : reason.trim())}
        >
          {message('sheetDecline')}
        </button>
      </div>
      <div className="ha-field">
        <label htmlFor={reasonId}>{message('sheetReason')}</label>
        <input id={reasonId} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
    </section>
  );
}
