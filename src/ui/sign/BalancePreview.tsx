import { useEffect, useState } from 'react';
import type { PartyRef } from '../../protocol/harness-reply';
import type { StepPreview } from '../../protocol/messages/agent';
import { FactList } from '../conversation/FactList';
import { tokenAmount } from '../words/format';
import { message } from '../words/messages';
import { partyName } from '../words/requirement-words';

/**
 * One step's balance change as the sign sheet shows it, before the person signs: each account's balance before → after,
 * as the chain ran the payment just now (or why the chain would refuse it). Display only: what is signed and
 * enforced is the requirement beside it.
 */
export function BalancePreview(props: { preview: StepPreview; parties: readonly PartyRef[]; step?: string }) {
  const { preview, parties } = props;
  const title = props.step === undefined ? message('previewTitle') : message('previewStepTitle', props.step);
  if (!preview.ok)
    return (
      <p className="ha-warning" data-testid="balance-preview">
        {message('previewRefused', preview.reason)}
      </p>
    );
  const amount = (units: string) => tokenAmount(units, preview.decimals, 'USDC');
  return (
    <section className="ha-preview" data-testid="balance-preview" aria-label={title}>
      <h3>{title}</h3>
      <FactList
        label={message('previewLabel')}
        facts={preview.changes.map((c) => ({
          term: partyName(c.address, parties),
          detail: message('previewChange', amount(c.before), amount(c.after)),
        }))}
      />
      <p className="ha-meta">
        {preview.simulated === 'account' ? message('previewByAccount') : message('previewByToken')}
      </p>
    </section>
  );
}

/**
 * The previews of a run's payment steps, read by the run's id when the sheet opens: undefined while the chain runs
 * them, [] when the steps move no token (or the preview could not be read: the sheet then shows none).
 */
export function usePreviews(
  runRef: string | undefined,
  read: ((runRef: string) => Promise<StepPreview[]>) | undefined,
): StepPreview[] | undefined {
  const [previews, setPreviews] = useState<{ runRef: string; previews: StepPreview[] } | undefined>();
  useEffect(() => {
    if (runRef === undefined || read === undefined) return;
    let live = true;
    void read(runRef).then((p) => live && setPreviews({ runRef, previews: p }));
    return () => {
      live = false;
    };
  }, [runRef, read]);
  if (read === undefined) return [];
  return previews !== undefined && previews.runRef === runRef ? previews.previews : undefined;
}
