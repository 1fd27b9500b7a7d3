import type { AgentCard, Message, SendMessageRequest } from '@a2a-js/sdk';
import { type A2ARequestHandler, type ServerCallContext } from '@a2a-js/sdk/server';
import { UnsupportedOperationError } from '@a2a-js/sdk/errors';
import type { Refusal } from '../errors';
import type { AskMetadata } from './envelope';

/** One consultation as the protocol delivered it: the words, the data part, the metadata, and who the bearer is. */
export type ConsultationRequest = {
  text: string;
  data: Record<string, unknown> | null;
  metadata: AskMetadata;
  contextId: string;
  authorization: string | undefined;
};

/** What answers a consultation: the data part of the agent's reply, or a thrown Refusal. */
export type Consult = (request: ConsultationRequest) => Promise<Record<string, unknown>>;

/** ServerCallContext state keys: the bearer header in, and the refusal out (mapped by the transport, in one place). */
export const AUTHORIZATION_KEY = 'authorization';
export const REFUSAL_KEY = 'refusal';

/**
 * The A2A request handler (a2a-js's port, apart from the transport): `sendMessage` runs one consultation and answers
 * with a Message whose one part is the answer's data. Tasks are not kept — a consultation completes in one call — so
 * the task methods say they are unsupported.
 */
export class CoachRequestHandler implements A2ARequestHandler {
  constructor(
    private readonly card: AgentCard,
    private readonly consult: Consult,
    private readonly nextId: (prefix: string) => string,
  ) {}

  getAgentCard = async (): Promise<AgentCard> => this.card;
  getAuthenticatedExtendedAgentCard = async (): Promise<AgentCard> => {
    throw new UnsupportedOperationError('HeartCoach has no extended agent card.');
  };

  async sendMessage(params: SendMessageRequest, context: ServerCallContext): Promise<Message> {
    const message = params.message!;
    const texts: string[] = [];
    let data: Record<string, unknown> | null = null;
    for (const part of message.parts) {
      if (part.content?.$case === 'text') texts.push(part.content.value);
      if (part.content?.$case === 'data' && data === null) data = part.content.value as Record<string, unknown>;
    }
    const contextId = message.contextId !== '' ? message.contextId : this.nextId('ctx');
    const authorization = context.state.get(AUTHORIZATION_KEY) as string | undefined;
    try {
      const answer = await this.consult({
        text: texts.join('\n'),
        data,
        metadata: message.metadata as AskMetadata,
        contextId,
        authorization,
      });
      return {
        messageId: this.nextId('msg'),
        contextId,
        taskId: '',
        role: 2, // ROLE_AGENT
        parts: [
          { content: { $case: 'data', value: answer }, mediaType: 'application/json', filename: '', metadata: {} },
        ],
        metadata: {},
        extensions: [],
        referenceTaskIds: [],
      };
    } catch (error) {
      context.state.set(REFUSAL_KEY, error as Refusal);
      throw error;
    }
  }

  // eslint-disable-next-line require-yield
  async *sendMessageStream(): AsyncGenerator<never> {
    throw new UnsupportedOperationError('HeartCoach answers SendMessage; it does not stream.');
  }
  // eslint-disable-next-line require-yield
  async *resubscribe(): AsyncGenerator<never> {
    throw new UnsupportedOperationError('HeartCoach keeps no tasks to resubscribe to.');
  }
  getTask = unsupported;
  cancelTask = unsupported;
  listTasks = unsupported;
  createTaskPushNotificationConfig = unsupported;
  getTaskPushNotificationConfig = unsupported;
  listTaskPushNotificationConfigs = unsupported;
  deleteTaskPushNotificationConfig = unsupported;
}

async function unsupported(): Promise<never> {
  throw new UnsupportedOperationError('HeartCoach keeps no tasks: a consultation completes in one SendMessage.');
}
