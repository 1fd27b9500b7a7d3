import { useState } from 'react';
import { message } from '../words/messages';
import { capabilityLabel } from '../words/requirement-words';
import { ReceiptDetails, receiptStatus } from './ReceiptDetails';
import { ResultsTable } from './ResultsTable';
import type { ReplyActions, ReplyOf } from './transport';

/** A finished run: what it did, and its receipts — each opens in place; the run's provenance downloads as a file. */
export function DoneView({
  reply,
  runRef,
  actions,
  hasProvenance,
}: {
  reply: ReplyOf<'done'>;
  runRef: string;
  actions: ReplyActions;
  hasProvenance: boolean;
}) {
  const [open, setOpen] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const failed = reply.effects.filter((e) => e.status === 'failed');
  return (
    <>
      <p>{reply.result.text}</p>
      {reply.result.results === undefined ? null : (
        <ResultsTable rows={reply.result.results} caption={message('resultsCaption')} />
      )}
      {reply.fulfillment === 'partial' ? <p className="ha-warning">{message('donePartial')}</p> : null}
      {failed.map((e) => (
        <p key={`${e.stepRef}-${e.effect}`} className="ha-warning">
          {e.error === undefined ? message('doneFailed', e.effect) : message('doneFailedBecause', e.effect, e.error)}
        </p>
      ))}
      <h4>{message('doneReceipts')}</h4>
      <ul className="ha-receipts">
        {reply.receipts.map((receipt) => (
          <li key={receipt.id}>
            <button
              type="button"
              className="ha-link"
              aria-expanded={open === receipt.id}
              onClick={() => setOpen(open === receipt.id ? undefined : receipt.id)}
            >
              {message(
                open === receipt.id ? 'doneCloseReceipt' : 'doneOpenReceipt',
                capabilityLabel(receipt.toolId),
                receiptStatus(receipt.status),
              )}
            </button>
            {open === receipt.id ? <ReceiptDetails receipt={receipt} /> : null}
          </li>
        ))}
      </ul>
      {actions.provenance === undefined || !hasProvenance ? null : (
        <button
          type="button"
          className="ha-secondary"
          onClick={() => void actions.provenance?.(runRef).then(setProblem)}
        >
          {message('doneProvenance')}
        </button>
      )}
      {problem === undefined ? null : (
        <p role="alert" className="ha-error">
          {problem}
        </p>
      )}
    </>
  );
}
