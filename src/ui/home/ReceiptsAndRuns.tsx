import { useState } from 'react';
import type { StepReceipt } from '../../protocol/harness-reply';
import { ReceiptDetails } from '../conversation/ReceiptDetails';
import { saveFile } from '../download';
import { count, when } from '../words/format';
import { message } from '../words/messages';
import { ErrorText, useAction } from './background-context';
import { useLoad } from './use-load';

/** Receipts (each opens) and runs (each with its provenance to download), newest first. */
export function ReceiptsAndRuns() {
  const receipts = useLoad({ type: 'home.vault.receipts' });
  const runs = useLoad({ type: 'home.vault.runs' });
  const action = useAction();
  const [open, setOpen] = useState<StepReceipt | undefined>();
  const openReceipt = async (id: string) => setOpen((await action.run({ type: 'home.vault.receipt', id }))?.receipt);
  const download = async (runRef: string) => {
    const file = await action.run({ type: 'home.vault.provenance', runRef });
    if (file !== undefined) saveFile(file);
  };
  return (
    <>
      <h3>{message('receiptsTitle')}</h3>
      <ErrorText error={receipts.error ?? runs.error ?? action.error} />
      {(receipts.data?.receipts ?? []).length === 0 ? <p className="ha-meta">{message('receiptsNone')}</p> : null}
      <ul className="ha-receipts">
        {(receipts.data?.receipts ?? []).map((r) => (
          <li key={r.id}>
            <button type="button" className="ha-link" onClick={() => void openReceipt(r.id)}>
              {message('receiptsOpen', r.toolId, r.status, when(r.createdAt))}
            </button>
          </li>
        ))}
      </ul>
      {open === undefined ? null : (
        <div className="ha-opened" aria-label={message('receiptsOpened')} role="group">
          <ReceiptDetails receipt={open} />
          <button type="button" className="ha-secondary" onClick={() => setOpen(undefined)}>
            {message('receiptsClose')}
          </button>
        </div>
      )}
      <h3>{message('receiptsRunsTitle')}</h3>
      {(runs.data?.runs ?? []).length === 0 ? <p className="ha-meta">{message('receiptsNoRuns')}</p> : null}
      <ul>
        {(runs.data?.runs ?? []).map((run) => (
          <li key={run.runRef}>
            <code>{run.runRef}</code>{' '}
            {message(
              'receiptsRun',
              run.status,
              count(run.receipts, message('receiptsReceiptOne'), message('receiptsReceiptMany')),
              when(run.updatedAt),
            )}{' '}
            {run.hasProvenance ? (
              <button type="button" className="ha-secondary" onClick={() => void download(run.runRef)}>
                {message('receiptsDownload', run.runRef)}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
