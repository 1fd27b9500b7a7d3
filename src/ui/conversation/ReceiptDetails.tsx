import type { StepReceipt } from '../../protocol/harness-reply';
import { capabilityLabel } from '../words/requirement-words';
import { when } from '../words/format';
import { Details } from './Details';
import { FactList } from './FactList';

const OBSERVATION: Record<StepReceipt['observation'], string> = {
  attempted: 'attempted (no confirmation yet)',
  accepted: 'accepted by the other side',
  committed: 'committed',
  confirmed: 'confirmed on chain',
};

/** One step receipt, opened: what was done, under which authority, with which digests (seed 001 step 11). */
export function ReceiptDetails({ receipt }: { receipt: StepReceipt }) {
  const facts = [
    { term: 'Step', detail: `${capabilityLabel(receipt.toolId)}, step ${receipt.stepRef}` },
    {
      term: 'Status',
      detail: `${receipt.status}; ${OBSERVATION[receipt.observation]}${receipt.reconciled ? '; reconciled after a restart' : ''}`,
    },
    {
      term: 'Authority',
      detail: receipt.presentedRef.startsWith('mandate:')
        ? `your mandate ${receipt.presentedRef.slice(8)}`
        : receipt.routedTo !== undefined
          ? `routed to ${receipt.routedTo.name}’s agent, which decided it under its own mandate`
          : receipt.presentedRef,
    },
    { term: 'On behalf of', detail: receipt.actedOnBehalfOf },
    { term: 'When', detail: when(receipt.createdAt) },
  ];
  if (receipt.txHash !== undefined) facts.push({ term: 'Transaction', detail: receipt.txHash });
  if (receipt.routedFrom !== undefined)
    facts.push({ term: 'Routed from', detail: `${receipt.routedFrom.router}, step ${receipt.routedFrom.stepRef}` });
  // What a careful person checks against the provenance file: the digests and the skill's internal id and version.
  const details = [
    { term: 'Input digest', detail: receipt.inputDigest },
    { term: 'Plan arguments digest', detail: receipt.planArgsDigest },
    { term: 'Skill', detail: `${receipt.toolId}; ${receipt.skill.id} ${receipt.skill.version}` },
  ];
  if (receipt.mandateHash !== undefined) details.push({ term: 'Mandate', detail: receipt.mandateHash });
  if (receipt.routedTo !== undefined) details.push({ term: 'Routed run', detail: receipt.routedTo.runRef });
  if (receipt.routedFrom !== undefined) details.push({ term: 'Router’s run', detail: receipt.routedFrom.runRef });
  return (
    <>
      <FactList facts={facts} label={`Receipt ${receipt.id}`} />
      <Details>
        <FactList facts={details} label={`Receipt ${receipt.id}: digests`} />
      </Details>
    </>
  );
}
