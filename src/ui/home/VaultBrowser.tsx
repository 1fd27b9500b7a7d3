import { useState } from 'react';
import { ResultsTable } from '../conversation/ResultsTable';
import { message } from '../words/messages';
import { ErrorText, useAction } from './background-context';
import { ReceiptsAndRuns } from './ReceiptsAndRuns';
import { useLoad } from './use-load';

/** The vault browser: the person's records by owner and type, then receipts and runs with their provenance. */
export function VaultBrowser() {
  const summary = useLoad({ type: 'home.vault.summary' });
  const records = useAction();
  const [shown, setShown] = useState<
    { title: string; rows: Record<string, string | number | boolean | null>[]; corrupt: string[] } | undefined
  >();
  const open = async (owner: string, label: string, recordType: string) => {
    const read = await records.run({ type: 'home.vault.records', recordType, owner: owner as `0x${string}` });
    // A damaged row is counted on its type's button and named here in words, never shown as a record.
    if (read !== undefined)
      setShown({
        title: message('vaultShown', label, recordType),
        rows: read.records.map((r) => ({ title: r.title, ...r.fields })),
        corrupt: read.corrupt,
      });
  };
  return (
    <section aria-labelledby="vault-title" className="ha-card">
      <h2 id="vault-title">{message('vaultTitle')}</h2>
      <p>{message('vaultIntro')}</p>
      <ErrorText error={summary.error ?? records.error} />
      {(summary.data?.corrupt ?? []).map((c) => (
        <p key={c} className="ha-warning">
          {c}
        </p>
      ))}
      {(summary.data?.owners ?? []).map((owner) => (
        <div key={owner.address} className="ha-owner">
          <h3>{owner.label}</h3>
          {owner.detail === undefined ? null : <p className="ha-meta">{owner.detail}</p>}
          {Object.keys(owner.counts).length === 0 ? (
            <p className="ha-meta">{message('vaultNoRecords')}</p>
          ) : (
            <ul className="ha-chips" aria-label={message('vaultRecordsByType', owner.label)}>
              {Object.entries(owner.counts).map(([type, n]) => (
                <li key={type}>
                  <button
                    type="button"
                    className="ha-secondary"
                    onClick={() => void open(owner.address, owner.label, type)}
                  >
                    {message('vaultTypeCount', type, new Intl.NumberFormat().format(n))}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      {(shown?.corrupt ?? []).map((c) => (
        <p key={c} className="ha-warning">
          {c}
        </p>
      ))}
      {shown === undefined ? null : <ResultsTable rows={shown.rows} caption={shown.title} />}
      <ReceiptsAndRuns />
    </section>
  );
}
