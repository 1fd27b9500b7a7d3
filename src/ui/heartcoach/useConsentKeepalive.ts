import { useEffect, useRef, useState } from 'react';
import type { KeepaliveEvents } from '../../messaging/consent-keepalive-client';
import type { WireError } from '../../protocol/errors';
import type { ConsentView } from '../../protocol/messages/heartcoach';
import type { ConsentRequest } from './ConsentApp';

/** Holds the worker awake for request `id` while the window is open (src/messaging/consent-keepalive-client.ts). */
export type ConsentHold = (id: string, events: KeepaliveEvents) => () => void;

/**
 * The request was lost with the worker that held it: 'waiting' before the person answered (nothing was signed),
 * 'working' while it carried out their answer (it may not have finished).
 */
export type LostWith = 'waiting' | 'working';

/**
 * While `active`, the window holds its request open; it hears how the request ended (a lock, the time limit), and
 * when the Port drops without a word it asks the background whether the request still waits: a restarted worker
 * no longer knows it, and the window says so instead of leaving a Sign button that can only fail.
 */
export function useConsentKeepalive(p: {
  hold: ConsentHold;
  request: ConsentRequest;
  id: string;
  active: boolean;
  ended(notice: { ok: boolean; summary: string }): void;
  failed(error: WireError): void;
}): { lost: LostWith | undefined; markLost(how: LostWith): void; busy: { current: boolean } } {
  const [lost, setLost] = useState<LostWith | undefined>();
  const [round, setRound] = useState(0);
  const busy = useRef(false);
  const latest = useRef(p);
  latest.current = p;

  useEffect(() => {
    if (!p.active || lost !== undefined) return;
    let current = true;
    const stop = p.hold(p.id, {
      ended: (notice) => current && latest.current.ended(notice),
      refused: (error) => {
        if (!current) return;
        // Gone while the person's answer is on its way: its reply says what happened, not this.
        if (error.code === 'CONSENT_GONE') return void (busy.current ? undefined : setLost('waiting'));
        latest.current.failed(error);
      },
      lost: function check() {
        if (!current) return;
        // The person's answer is on its way: what it comes back with says what happened (the window's decide).
        if (busy.current) return void setTimeout(check, 250);
        void latest.current.request({ type: 'consent.get', id: p.id }).then((got) => {
          if (!current) return;
          // Still waiting (the Port dropped for another reason): hold it again.
          if (got.ok) return setRound((n) => n + 1);
          if (got.error.code === 'CONSENT_GONE') return setLost('waiting');
          latest.current.failed(got.error);
        });
      },
    });
    return () => {
      current = false;
      stop();
    };
  }, [p.id, p.active, lost, round]);

  return { lost, markLost: setLost, busy };
}

/** What the window says when its request was lost with the worker. */
export function lostWords(view: Pick<ConsentView, 'kind' | 'agent' | 'signIn'>, how: LostWith): string {
  const name = view.agent.name;
  const again =
    view.kind === 'grant'
      ? `Ask ${name} to ask for it again.`
      : view.signIn === null
        ? `Connect ${name} again from your Home.`
        : `Ask ${name} to connect again.`;
  if (how === 'working')
    return `Home Agent restarted while it was carrying out your answer, so it may not have finished. Check your Home’s options before you ${again.charAt(0).toLowerCase()}${again.slice(1)}`;
  return `Home Agent restarted before you answered; nothing was signed. ${again}`;
}
