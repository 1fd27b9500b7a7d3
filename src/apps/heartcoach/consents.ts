import { HomeError, toWireError } from '../../protocol/errors';
import type { CabinetFolderName, WireReadKind } from '../../protocol/delegation';
import type { ConsentView } from '../../protocol/messages/heartcoach';

/**
 * Requests waiting for the person in the consent window (Rabby's rules): each is resolved by its id, once; nothing
 * is signed until the person approves there; an unanswered request is declined after four and a half minutes; and
 * consent does not survive a lock — `declineAll` runs from the keyring's lock hook. The page's call waits on
 * `decision`; the consent window's `decide` waits on the outcome, so the person sees what their approval did, or why
 * it failed. The queue lives in the worker's memory: the consent window keeps the worker awake while it is open
 * (src/messaging/consent-keepalive.ts, told by `watch` when its request ends), and says so if the worker restarted.
 */
export type Decision =
  { approve: true; folders: CabinetFolderName[]; kinds?: WireReadKind[] } | { approve: false; reason: string };
export type Outcome = { ok: boolean; summary: string; error?: { code: string; message: string } };
export type ConsentDetail = Omit<ConsentView, 'id' | 'createdAt' | 'locked'>;

type Entry = {
  view: Omit<ConsentView, 'locked'>;
  decide(d: Decision): void;
  settle(o: Outcome): void;
  outcome: Promise<Outcome>;
  decided: boolean;
  watchers: Set<(o: Outcome) => void>;
};

export type OpenConsent = { id: string; decision: Promise<Decision>; settle(outcome: Outcome): void };

/**
 * Four and a half minutes, not five: the page's request is one event the worker is still handling while the person
 * reads, and Chrome stops a worker whose event runs past five minutes — so an unanswered request is declined, and
 * the page told so in words, with time left for the reply (or for the work after a late approval) to get out.
 */
export const CONSENT_TIMEOUT_MS = 270_000;
const TIMEOUT_REASON = 'you did not answer within four and a half minutes';

export class ConsentQueue {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly deps: { newId: () => string; now: () => number; timeoutMs?: number }) {}

  open(detail: ConsentDetail): OpenConsent {
    const id = this.deps
      .newId()
      .replace(/[^A-Za-z0-9_-]/g, '')
      .slice(0, 64);
    let decide!: (d: Decision) => void;
    let settle!: (o: Outcome) => void;
    const decision = new Promise<Decision>((resolve) => (decide = resolve));
    const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
    const timer = setTimeout(
      () => this.resolve(id, { approve: false, reason: TIMEOUT_REASON }),
      this.deps.timeoutMs ?? CONSENT_TIMEOUT_MS,
    );
    const entry: Entry = {
      view: { ...detail, id, createdAt: this.deps.now() },
      decided: false,
      decide,
      outcome,
      watchers: new Set(),
      settle: (o) => {
        if (this.entries.get(id) !== entry) return;
        clearTimeout(timer);
        this.entries.delete(id);
        settle(o);
        for (const watcher of entry.watchers) watcher(o);
        entry.watchers.clear();
      },
    };
    this.entries.set(id, entry);
    return { id, decision, settle: entry.settle };
  }

  view(id: string): Omit<ConsentView, 'locked'> {
    const entry = this.entries.get(id);
    if (entry === undefined)
      throw new HomeError(
        'CONSENT_GONE',
        'That request is no longer waiting: it was answered, declined, or your Home was locked.',
      );
    return entry.view;
  }

  /** The person's answer, once; resolves with what it did. */
  async decide(id: string, decision: Decision): Promise<Outcome> {
    const entry = this.entries.get(id);
    if (entry === undefined || entry.decided)
      throw new HomeError(
        'CONSENT_GONE',
        'That request is no longer waiting: it was answered, declined, or your Home was locked.',
      );
    this.resolve(id, decision);
    return entry.outcome;
  }

  /**
   * Tells `onEnd` once, with the outcome, when the request with this id ends (approved and done, declined, locked,
   * timed out). Returns how to stop watching, or `undefined` when no such request is waiting (any more).
   */
  watch(id: string, onEnd: (outcome: Outcome) => void): (() => void) | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    entry.watchers.add(onEnd);
    return () => void entry.watchers.delete(onEnd);
  }

  /** Consent does not survive a lock or an account switch. */
  declineAll(reason: string): number {
    const ids = [...this.entries.keys()];
    for (const id of ids) this.resolve(id, { approve: false, reason });
    return ids.length;
  }

  pending(): Omit<ConsentView, 'locked'>[] {
    return [...this.entries.values()].filter((e) => !e.decided).map((e) => e.view);
  }

  private resolve(id: string, decision: Decision): void {
    const entry = this.entries.get(id);
    if (entry === undefined || entry.decided) return;
    entry.decided = true;
    entry.decide(decision);
    if (!decision.approve)
      entry.settle({
        ok: false,
        summary: `Declined: ${decision.reason}. Nothing was signed.`,
        error: toWireError(new HomeError('DECLINED', `You declined: ${decision.reason}. Nothing was signed.`)),
      });
  }
}
