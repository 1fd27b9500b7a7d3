import { useId, useState } from 'react';
import {
  approvalDigestFor,
  approvalLink,
  CoSignatureFile,
  type ApprovalRequestFile,
} from '../../protocol/approval-exchange';
import { FactList } from '../conversation/FactList';
import { readChosenFile, saveFile } from '../download';
import { shortAddress } from '../words/format';
import { message } from '../words/messages';
import { partyName, requirementFacts } from '../words/requirement-words';
import type { Requirement } from '../../protocol/harness-reply';
import type { PendingItem } from './transport';
import { useVaultNames } from './use-vault-names';

/** What a run waiting on co-signers asks for (from its signature prompt). */
export type ApprovalWait = NonNullable<PendingItem['approval']>;

/**
 * The approval request for a run waiting on co-signers, or undefined when it cannot be built faithfully: the
 * requirement must give exactly the approval digest the run waits on.
 */
export function approvalRequestOf(p: {
  runRef: string;
  text: string;
  approval: ApprovalWait;
  requirement: Requirement | undefined;
  requester: { address: `0x${string}`; label: string };
}): ApprovalRequestFile | undefined {
  const a = p.approval;
  const requirement = a.requirement ?? p.requirement;
  if (requirement === undefined || approvalDigestFor(requirement) !== a.approvalDigest) return undefined;
  return {
    kind: 'home-agent/approval-request',
    v: 1,
    runRef: p.runRef,
    resumeToken: a.resumeToken,
    approvalDigest: a.approvalDigest,
    approvers: a.approvers,
    quorum: a.quorum,
    have: a.have,
    requirement,
    requester: p.requester,
    text: p.text.slice(0, 2000),
  };
}

/**
 * Approval by another person: export the request (a file, and a link that opens their Home Agent), then import the
 * co-signature they send back. The import is checked against this request before it is supplied to the run; the
 * harness then verifies the signature itself.
 */
export function ApprovalExchange(props: {
  runRef: string;
  text: string;
  approval: ApprovalWait;
  request: ApprovalRequestFile | undefined;
  busy: boolean;
  onSupply: (cosignature: CoSignatureFile) => void;
}) {
  const { runRef, request } = props;
  const fileId = useId();
  const titleId = useId();
  const [problem, setProblem] = useState<string | undefined>();
  const a = props.approval;
  // Names the person's vault gives the accounts (display only: the addresses are what is signed).
  const r = request?.requirement;
  const parties = useVaultNames(
    r === undefined
      ? a.approvers
      : [r.delegator, r.delegate, ...(r.caveats.recipient === undefined ? [] : [r.caveats.recipient]), ...a.approvers],
  );
  if (request === undefined) {
    return <p className="ha-error">{message('exchangeCannotExport')}</p>;
  }
  const link = approvalLink(request);
  const importFile = async (file: File | undefined) => {
    setProblem(undefined);
    if (file === undefined) return;
    try {
      const parsed = CoSignatureFile.safeParse(JSON.parse(await readChosenFile(file, 20_000)));
      if (!parsed.success) return setProblem(message('exchangeNotCoSignature'));
      const c = parsed.data;
      if (c.runRef !== runRef || c.approvalDigest !== a.approvalDigest || c.resumeToken !== a.resumeToken)
        return setProblem(message('exchangeOtherRequest'));
      if (!a.approvers.some((x) => x.toLowerCase() === c.approver.toLowerCase()))
        return setProblem(message('exchangeNotApprover', shortAddress(c.approver)));
      props.onSupply(c);
    } catch {
      setProblem(message('exchangeUnreadable'));
    }
  };
  return (
    <section aria-labelledby={titleId} className="ha-card ha-sheet">
      <h4 id={titleId}>{message('exchangeTitle')}</h4>
      <p>{props.text}</p>
      <FactList facts={requirementFacts(request.requirement, parties, Date.now())} label={message('exchangeWhat')} />
      <p>
        {message(
          'exchangeCount',
          String(a.have.length),
          String(a.quorum),
          a.approvers.map((x) => partyName(x, parties)).join(', '),
        )}{' '}
        {message('approveDigest')} <code className="ha-digest">{a.approvalDigest}</code>
      </p>
      <div className="ha-actions">
        <button
          type="button"
          onClick={() =>
            saveFile({
              fileName: `approval-request-${runRef.slice(0, 24)}.json`,
              mediaType: 'application/json',
              text: JSON.stringify(request, null, 2),
            })
          }
        >
          {message('exchangeSave')}
        </button>
        <button type="button" className="ha-secondary" onClick={() => void navigator.clipboard?.writeText(link)}>
          {message('exchangeCopy')}
        </button>
      </div>
      <p className="ha-meta">
        {message('exchangeLinkOpens')} <a href={link}>{message('exchangeLink')}</a>
      </p>
      <div className="ha-field">
        <label htmlFor={fileId}>{message('exchangeFile')}</label>
        <input
          id={fileId}
          type="file"
          accept="application/json,.json"
          disabled={props.busy}
          onChange={(e) => void importFile(e.target.files?.[0])}
        />
      </div>
      {problem === undefined ? null : (
        <p role="alert" className="ha-error">
          {problem}
        </p>
      )}
    </section>
  );
}
