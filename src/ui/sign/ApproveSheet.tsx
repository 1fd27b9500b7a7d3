import { useRef, useState } from 'react';
import type { ApprovalRequestFile } from '../../protocol/approval-exchange';
import { FactList } from '../conversation/FactList';
import { saveFile } from '../download';
import { ErrorText, useAction } from '../home/background-context';
import { shortAddress } from '../words/format';
import { message } from '../words/messages';
import { capabilityLabel, riskWords } from '../words/requirement-words';

/**
 * The approver's side, opened from a link or file: what the requester's step would do (from the requirement whose
 * digest this Home recomputed), and Approve — the unlocked key and a real gesture — which saves the co-signature
 * file to send back. The requester's words are shown as their words, quoted; they instruct nothing.
 */
export function ApproveSheet({ request, unlocked }: { request: ApprovalRequestFile; unlocked: boolean }) {
  const { busy, error, setError, run } = useAction();
  const [done, setDone] = useState(false);
  const trusted = useRef(false);
  const r = request.requirement;
  const facts = [
    {
      term: message('approveRequestedBy'),
      detail: message('approveRequester', request.requester.label, shortAddress(request.requester.address)),
    },
    { term: message('factWhat'), detail: capabilityLabel(r.capability) },
    ...Object.entries(r.args).map(([arg, value]) => ({
      term: arg,
      detail: typeof value === 'string' ? value : JSON.stringify(value),
    })),
    { term: message('factRisk'), detail: riskWords(r.risk) },
    { term: message('approveDigest'), detail: request.approvalDigest },
  ];
  const approve = async () => {
    if (!trusted.current) return setError({ code: 'UNTRUSTED_GESTURE', message: message('approveOnlyYou') });
    const cosignature = await run({ type: 'home.approval.cosign', request });
    if (cosignature === undefined) return;
    saveFile({
      fileName: `co-signature-${request.runRef.slice(0, 24)}.json`,
      mediaType: 'application/json',
      text: JSON.stringify(cosignature, null, 2),
    });
    setDone(true);
  };
  return (
    <section aria-labelledby="approve-title" className="ha-card ha-sheet">
      <h2 id="approve-title">{message('approveTitle')}</h2>
      <figure className="ha-quote" aria-label={message('approveTheirWords')}>
        <figcaption>{message('approveWrote', request.requester.label)}</figcaption>
        <blockquote>{request.text}</blockquote>
      </figure>
      <FactList facts={facts} label={message('approveWhat')} />
      {unlocked ? null : <p className="ha-warning">{message('approveLocked')}</p>}
      <ErrorText error={error} />
      {done ? <p role="status">{message('approveDone', request.requester.label)}</p> : null}
      <button
        type="button"
        disabled={busy || !unlocked || done}
        onClick={(event) => {
          trusted.current = event.nativeEvent.isTrusted;
          void approve();
        }}
      >
        {busy ? message('approveApproving') : message('approveApprove')}
      </button>
    </section>
  );
}
