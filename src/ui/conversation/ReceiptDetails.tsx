import type { StepReceipt } from '../../protocol/harness-reply';
import { capabilityLabel } from '../words/requirement-words';
import { when } from '../words/format';
import { message, type MessageKey } from '../words/messages';
import { Details } from './Details';
import { FactList } from './FactList';

const OBSERVATION: Record<StepReceipt['observation'], MessageKey> = {
  attempted: 'receiptAttempted',
  accepted: 'receiptAccepted',
  committed: 'receiptCommitted',
  confirmed: 'receiptConfirmed',
};

const STATUS: Record<StepReceipt['status'], MessageKey> = {
  committed: 'receiptStatusCommitted',
  replayed: 'receiptStatusReplayed',
  refused: 'receiptStatusRefused',
  skipped: 'receiptStatusSkipped',
};

/** A receipt's status in words, from the catalogue. */
export function receiptStatus(status: StepReceipt['status']): string {
  return message(STATUS[status]);
}

/** Under which authority the step ran, in words: the person's mandate, another agent's, or the reference itself. */
function authority(receipt: StepReceipt): string {
  if (receipt.presentedRef.startsWith('mandate:')) return message('receiptYourMandate', receipt.presentedRef.slice(8));
  if (receipt.routedTo !== undefined) return message('receiptRoutedTo', receipt.routedTo.name);
  return receipt.presentedRef;
}

/** One step receipt, opened: what was done, under which authority, with which digests (seed 001 step 11). */
export function ReceiptDetails({ receipt }: { receipt: StepReceipt }) {
  const status = receiptStatus(receipt.status);
  const observation = message(OBSERVATION[receipt.observation]);
  const facts = [
    {
      term: message('receiptStep'),
      detail: message('receiptStepDetail', capabilityLabel(receipt.toolId), receipt.stepRef),
    },
    {
      term: message('receiptStatus'),
      detail: message(receipt.reconciled ? 'receiptStatusReconciled' : 'receiptStatusDetail', status, observation),
    },
    { term: message('receiptAuthority'), detail: authority(receipt) },
    { term: message('receiptOnBehalfOf'), detail: receipt.actedOnBehalfOf },
    { term: message('receiptWhen'), detail: when(receipt.createdAt) },
  ];
  if (receipt.txHash !== undefined) facts.push({ term: message('receiptTransaction'), detail: receipt.txHash });
  if (receipt.routedFrom !== undefined)
    facts.push({
      term: message('receiptRoutedFrom'),
      detail: message('receiptStepDetail', receipt.routedFrom.router, receipt.routedFrom.stepRef),
    });
  // What a careful person checks against the provenance file: the digests and the skill's internal id and version.
  const details = [
    { term: message('receiptInputDigest'), detail: receipt.inputDigest },
    { term: message('receiptPlanArgsDigest'), detail: receipt.planArgsDigest },
    { term: message('receiptSkill'), detail: `${receipt.toolId}; ${receipt.skill.id} ${receipt.skill.version}` },
  ];
  if (receipt.mandateHash !== undefined) details.push({ term: message('receiptMandate'), detail: receipt.mandateHash });
  if (receipt.routedTo !== undefined)
    details.push({ term: message('receiptRoutedRun'), detail: receipt.routedTo.runRef });
  if (receipt.routedFrom !== undefined)
    details.push({ term: message('receiptRouterRun'), detail: receipt.routedFrom.runRef });
  return (
    <>
      <FactList facts={facts} label={message('receiptLabel', receipt.id)} />
      <Details>
        <FactList facts={details} label={message('receiptDigestsLabel', receipt.id)} />
      </Details>
    </>
  );
}
