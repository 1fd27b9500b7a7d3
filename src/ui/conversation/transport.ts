import type { Supplied } from '../../protocol/ask';
import type { Result } from '../../protocol/errors';
import type { AskResponse, HarnessReply, Requirement } from '../../protocol/harness-reply';
import type { RunReplied } from '../../protocol/faces-broadcast';
import type { ConversationEntry } from '../../protocol/messages/agent';
import type { Material } from '../../protocol/messages/index';
import type { StepNotice } from '../../protocol/messages/ask-stream';
import type { KeptQuestion } from './KeptQuestions';

/** A file the person can save (provenance, an approval request). */
export type DownloadFile = { fileName: string; mediaType: string; text: string };

/**
 * What a conversation face needs from the person's agent. The side panel's transport talks to the background;
 * the overlay's is narrower (no provenance: the page can read an open shadow root, so records stay out of it).
 */
export type AgentTransport = {
  /**
   * Asks; `onText` receives the composed answer as it streams, where the agent streams it; `onStep`, each step of
   * the plan as it starts ("Step 1 of 2: …").
   */
  ask(
    words: string,
    material: Material | undefined,
    options: { signal: AbortSignal; onText?: (text: string) => void; onStep?: (step: StepNotice) => void },
  ): Promise<Result<AskResponse>>;
  /** Resumes a run with only what the person did (an answer, a choice, a decline, a co-signature). */
  resume(runRef: string, supplied: Supplied[], options: { signal: AbortSignal }): Promise<Result<AskResponse>>;
  /** Opens the signing popup on this run's request (resolved there by its id). Absent: the face says where to sign. */
  review?(runRef: string): Promise<void>;
  /** The run's provenance (PROV) to download. Absent where the person's records must not be shown. */
  provenance?(runRef: string): Promise<Result<DownloadFile>>;
  /** Tells the face when a run moved on elsewhere (signed in the popup, asked in the overlay): it shows the new reply. */
  subscribe?(listener: (notice: RunReplied) => void): () => void;
  /** Replies this face missed while closed (asked from the overlay before the side panel opened). */
  replay?(): Promise<RunReplied[]>;
  /**
   * The conversation kept in the vault for this face's session: read when the face opens, each entry added as it is
   * shown, cleared by the person. Absent: nothing is kept (the overlay, whose page could read it).
   */
  history?: {
    load(): Promise<ConversationEntry[]>;
    add(entry: ConversationEntry): void;
    clear(): Promise<void>;
  };
  /** Questions kept because another agent did not answer, as the agent lists them (found again after the face closed). */
  kept?(): Promise<Result<KeptQuestion[]>>;
  /** Calls `changed` when what waits for the person changed elsewhere (the popup sent one again, or dropped it). */
  watchPending?(changed: () => void): () => void;
};

/** What a reply card can do for the person: each button's work, routed back through the conversation. */
export type ReplyActions = {
  resume(runRef: string, supplied: Supplied[], said: string): void;
  review?(runRef: string): void;
  /** Saves the run's provenance; resolves to a refusal in words, or undefined when the file was saved. */
  provenance?(runRef: string): Promise<string | undefined>;
  /** What this face saw of a run before: the requirement it showed and who asks (for an approval request). */
  contextOf?(runRef: string): {
    requirement: Requirement | undefined;
    requester: { address: `0x${string}`; label: string };
  };
  busy: boolean;
  /** The run moved on past this card (a newer reply, or it finished): the card keeps its record, not its buttons. */
  finished?: boolean;
  /** The card was kept in the vault from an earlier visit: a record, whatever its run does now. */
  restored?: boolean;
};

export type ReplyOf<K extends HarnessReply['kind']> = Extract<HarnessReply, { kind: K }>;
