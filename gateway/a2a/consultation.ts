import type { Acted } from '../../src/protocol/heartcoach';
import type { AskMetadata } from './envelope';

/** One consultation as the protocol delivered it: the words, the data part, the metadata, and who the bearer is. */
export type ConsultationRequest = {
  text: string;
  data: Record<string, unknown> | null;
  metadata: AskMetadata;
  contextId: string;
  authorization: string | undefined;
  /** Each ✓/✕ line as the coach composes (a streamed consultation shows them as they land). */
  onActed?: (acted: Acted) => void;
  /** Aborted when the task is canceled. */
  signal?: AbortSignal;
};

/** What answers a consultation: the data part of the agent's reply, or a thrown Refusal. */
export type Consult = (request: ConsultationRequest) => Promise<Record<string, unknown>>;

/** ServerCallContext state keys: the bearer header in, and the refusal and its task out (mapped by the transport). */
export const AUTHORIZATION_KEY = 'authorization';
export const REFUSAL_KEY = 'refusal';
export const REFUSED_TASK_KEY = 'refusedTask';
/** A callback the transport may set: told the task id as the consultation starts (an idempotency key's claim). */
export const ON_TASK_KEY = 'onTask';
