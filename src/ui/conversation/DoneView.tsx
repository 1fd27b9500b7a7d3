import { useState } from 'react';
import { capabilityLabel } from '../words/requirement-words';
import { ReceiptDetails } from './ReceiptDetails';
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
      {reply.result.results === undefined ? null : <ResultsTable rows={reply.result.results} caption="Results" />}
      {reply.fulfillment === 'partial' ? (
        <p className="ha-warning">Only part of what you asked was done; the receipts say which part.</p>
      ) : null}
      {failed.map((e) => (
        <p key={`${e.stepRef}-${e.effect}`} className="ha-warning">
          {e.effect} did not happen{e.error === undefined ? '' : `: ${e.error}`}
        </p>
      ))}
      <h4>Receipts</h4>
      <ul className="ha-receipts">
        {reply.receipts.map((receipt) => (
          <li key={receipt.id}>
            <button
              type="button"
              className="ha-link"
              aria-expanded={open === receipt.id}
              onClick={() => setOpen(open === receipt.id ? undefined : receipt.id)}
            >
              {open === receipt.id ? 'Close' : 'Open'} receipt: {capabilityLabel(receipt.toolId)} — {receipt.status}
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
          Download provenance
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
