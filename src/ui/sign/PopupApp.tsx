import { useCallback, useEffect, useMemo, useState } from 'react';
import { readApprovalRequest, type CoSignatureFile } from '../../protocol/approval-exchange';
import type { Result, WireError } from '../../protocol/errors';
import type { AskResponse } from '../../protocol/harness-reply';
import type { HomeStatus } from '../../protocol/messages/home-replies';
import { KeptQuestionView } from '../conversation/KeptQuestions';
import { ReplyCard } from '../conversation/ReplyCard';
import { ErrorText } from '../home/background-context';
import { LockBar } from '../home/LockBar';
import { useLoad } from '../home/use-load';
import { message } from '../words/messages';
import { ApprovalExchange, approvalRequestOf } from './ApprovalExchange';
import { ApproveSheet } from './ApproveSheet';
import { usePreviews } from './BalancePreview';
import { PendingQueue } from './PendingQueue';
import { SignSheet } from './SignSheet';
import type { PendingItem, SigningTransport } from './transport';

const NO_ACTIONS = { busy: false, resume: () => undefined };

/**
 * The popup: the signing sheet for one request at a time (chosen by its id: `?request=<runRef>` from the side panel,
 * or from the queue) — a mandate to sign, another person's approval to export and import, a kept question to send
 * again or drop — the queue itself, lock and unlock; or, opened from an approval link, the approver's sheet.
 */
export function PopupApp({
  transport,
  location,
  openSidePanel,
}: {
  transport: SigningTransport;
  location: { search: string; hash: string };
  openSidePanel: () => void;
}) {
  const loaded = useLoad({ type: 'home.status' });
  const [status, setStatus] = useState<HomeStatus | undefined>();
  const [items, setItems] = useState<PendingItem[] | undefined>();
  const [selected, setSelected] = useState<string | undefined>(
    () => new URLSearchParams(location.search).get('request') ?? undefined,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<WireError | undefined>();
  const [outcome, setOutcome] = useState<AskResponse | undefined>();
  const current = status ?? loaded.data;
  const approval = useMemo(
    () => (location.hash.startsWith('#approve=') ? readApprovalRequest(location.hash) : undefined),
    [location.hash],
  );

  const refresh = useCallback(async () => {
    const result = await transport.pending();
    if (result.ok) setItems(result.data);
    else setError(result.error);
  }, [transport]);
  // Once the key's state is known, and again whenever it changes (a lock clears the queue).
  const unlocked = current?.unlocked;
  useEffect(() => void (unlocked !== undefined && refresh()), [refresh, unlocked]);

  const act = async (runRef: string, work: () => Promise<Result<AskResponse>>) => {
    setBusy(true);
    setError(undefined);
    const result = await work();
    if (result.ok) {
      const reply = result.data.reply;
      transport.announce(runRef, result.data);
      // Signed, and now waiting on co-signers: stay on this request, whose approval exchange the queue now carries
      // (read again first, so the sheet just answered is never shown — and pressable — once more).
      if (reply.kind === 'prompt' && reply.prompt.kind === 'signature') {
        await refresh();
        setSelected(runRef);
        return setBusy(false);
      }
      setOutcome(result.data);
    } else setError(result.error);
    setBusy(false);
    await refresh();
  };

  // Read by the request's id once its sheet shows (before any early return: hooks run in the same order every time).
  const item = items?.find((i) => i.runRef === selected) ?? items?.[0];
  const previews = usePreviews(item?.waitingFor === 'authority_required' ? item.runRef : undefined, transport.preview);

  const lockbar = current === undefined ? null : <LockBar status={current} onStatus={setStatus} />;
  if (approval !== undefined) {
    return (
      <main>
        {lockbar}
        {approval.ok ? (
          <ApproveSheet request={approval.request} unlocked={current?.unlocked ?? false} />
        ) : (
          <p role="alert" className="ha-error">
            {approval.message}
          </p>
        )}
      </main>
    );
  }
  const requester =
    current?.person === null || current?.person === undefined
      ? undefined
      : { address: current.person.address, label: current.person.label };
  return (
    <main>
      {items === undefined ? (
        <p aria-busy="true">{message('popupLoading')}</p>
      ) : (
        <PendingQueue
          items={items}
          selected={item?.runRef}
          onSelect={(id) => (setSelected(id), setOutcome(undefined))}
        />
      )}
      {selected !== undefined && items !== undefined && item?.runRef !== selected && outcome === undefined ? (
        <p className="ha-warning">{message('popupGone')}</p>
      ) : null}
      {lockbar}
      <ErrorText error={error ?? loaded.error} />
      {outcome === undefined ? null : <ReplyCard response={outcome} actions={NO_ACTIONS} now={Date.now()} />}
      {item === undefined || outcome !== undefined ? null : item.requirement !== undefined &&
        item.waitingFor === 'authority_required' ? (
        <SignSheet
          item={{ ...item, requirement: item.requirement }}
          unlocked={current?.unlocked ?? false}
          busy={busy}
          previews={previews}
          onSign={(expect, alsoExpect) => void act(item.runRef, () => transport.sign(item.runRef, expect, alsoExpect))}
          onDecline={(reason) => void act(item.runRef, () => transport.decline(item.runRef, reason))}
          onUntrusted={() => setError({ code: 'UNTRUSTED_GESTURE', message: message('popupOnlyYouSign') })}
        />
      ) : item.approval !== undefined && requester !== undefined ? (
        <>
          <ApprovalExchange
            runRef={item.runRef}
            text={item.text}
            approval={item.approval}
            request={approvalRequestOf({
              runRef: item.runRef,
              text: item.text,
              approval: item.approval,
              requirement: item.requirement,
              requester,
            })}
            busy={busy}
            onSupply={(c: CoSignatureFile) => void act(item.runRef, () => transport.supplyApproval(item.runRef, c))}
          />
          <button
            type="button"
            className="ha-secondary"
            disabled={busy}
            onClick={() => void act(item.runRef, () => transport.decline(item.runRef, undefined))}
          >
            {message('popupDecline')}
          </button>
        </>
      ) : item.waitingFor === 'waiting' ? (
        <KeptQuestionView
          kept={item}
          busy={busy}
          onResend={() => void act(item.runRef, () => transport.resend(item.runRef))}
          onDrop={() => void act(item.runRef, () => transport.decline(item.runRef, message('keptDropReason')))}
        />
      ) : (
        <p>{message('popupInSidePanel', item.text)}</p>
      )}
      <button type="button" className="ha-secondary" onClick={openSidePanel}>
        {message('popupOpenSidePanel')}
      </button>
    </main>
  );
}
