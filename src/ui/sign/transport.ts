import type { Hex } from 'viem';
import type { CoSignatureFile } from '../../protocol/approval-exchange';
import type { Result } from '../../protocol/errors';
import type { AskResponse, HarnessReply, Requirement } from '../../protocol/harness-reply';
import type { StepPreview } from '../../protocol/messages/agent';

/** A request waiting for the person, as the popup lists it; resolved by its id (the run's reference). */
export type PendingItem = {
  runRef: string;
  addressee: string;
  /** The words that started the run: the person's own, or — with `from` — an app's, asking as them. */
  words: string;
  /** A run an app started by asking as the person: shown as the app's request, never as "You asked". */
  from?: { app: string; origin: string };
  waitingFor: HarnessReply['kind'];
  text: string;
  expiresAt: number;
  /** The worker stopped part-way through the act: the person sends it again to finish it (it cannot be dropped). */
  stopped?: true;
  /** What signing would allow: present when the run waits on a mandate. */
  requirement?: Requirement;
  /** Later steps needing a mandate from the same account (the reply's alsoApprove): shown and signed with it. */
  also?: Requirement[];
  /** Present when the run waits on other people's co-signatures. */
  approval?: {
    resumeToken: Hex;
    approvalDigest: Hex;
    approvers: Hex[];
    quorum: number;
    have: Hex[];
    requirement?: Requirement;
  };
};

/** What the popup asks of the person's agent. Every operation names the request by its id; nothing acts on "the current one". */
export type SigningTransport = {
  pending(): Promise<Result<PendingItem[]>>;
  /** What signing this run's payment steps would change in balances, run on the agent's chain ([] when none). */
  preview?(runRef: string): Promise<StepPreview[]>;
  /**
   * Signs exactly the requirement that was shown: `expect` is its binding digest; a request that changed is refused.
   * `alsoExpect`: the digests of the later steps shown with it, signed in the same sitting (one mandate per step).
   */
  sign(runRef: string, expect: Hex, alsoExpect?: Hex[]): Promise<Result<AskResponse>>;
  decline(runRef: string, reason: string | undefined): Promise<Result<AskResponse>>;
  /** Sends a kept question again: the run resumed with nothing supplied, so its waiting step is asked once more. */
  resend(runRef: string): Promise<Result<AskResponse>>;
  /** Resumes the run with another person's co-signature. */
  supplyApproval(runRef: string, cosignature: CoSignatureFile): Promise<Result<AskResponse>>;
  /** Tells the side panel the run moved on (display only: a broadcast is never consent). */
  announce(runRef: string, response: AskResponse): void;
};
