import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
 * While it is open, the queue is read again whenever the background says what waits changed (`watchPending`); the
 * sheet in front stays the one the person is reading — a new request joins the queue, it never takes the sheet's
 * place under the person's pointer, and a request settled elsewhere leaves its sheet for a word saying so.
 */
export function PopupApp({
  transport,
  location,
  openSidePanel,
  watchPending,
}: {
  transport: SigningTransport;
  location: { search: string; hash: string };
  openSidePanel: () => void;
  /** Calls its listener when the requests that wait change; returns how to stop listening. */
  watchPending?: (changed: () => void) => () => void;
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
  // What waits changed elsewhere (an app's new request, one signed in another window, a lock): read the queue again,
  // keeping the sheet in front chosen by its id first.
  const shown = useRef<string | undefined>(undefined);
  useEffect(
    () =>
      watchPending?.(() => {
        const front = shown.current;
        if (front !== undefined) setSelected((chosen) => chosen ?? front);
        void refresh();
      }),
    [watchPending, refresh],
  );

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
  // A request chosen by its id that no longer waits shows no sheet: never another request's in its place.
  const item = selected === undefined ? items?.[0] : items?.find((i) => i.runRef === selected);
  shown.current = outcome === undefined ? item?.runRef : undefined;
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
