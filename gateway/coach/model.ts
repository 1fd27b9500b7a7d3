import Anthropic from '@anthropic-ai/sdk';
import { refuse } from '../errors';

/**
 * The model as a small port (STYLE: openai-agents-js): one call of the Anthropic Messages API with the coach's fixed
 * settings — `tool_choice: any` (the model must call a tool), `max_tokens` 450. The gateway never answers for the
 * model: an unreachable or overloaded model is a refusal in words (503), never a canned answer.
 */
export const COACH_MAX_TOKENS = 450;
export const DEFAULT_COACH_MODEL = 'claude-sonnet-5';

export type ModelRequest = {
  system: Anthropic.TextBlockParam[];
  messages: Anthropic.MessageParam[];
  tools: Anthropic.Tool[];
};
export type ModelPort = { readonly model: string; create(request: ModelRequest): Promise<Anthropic.Message> };

export type AnthropicModelOptions = {
  apiKey: string;
  /** ANTHROPIC_BASE_URL; the scripted Messages server in tests. */
  baseURL?: string;
  model?: string;
  maxRetries?: number;
  timeoutMs?: number;
};

export function anthropicModel(options: AnthropicModelOptions): ModelPort {
  const client = new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }),
    maxRetries: options.maxRetries ?? 2,
    timeout: options.timeoutMs ?? 30_000,
  });
  const model = options.model ?? DEFAULT_COACH_MODEL;
  return {
    model,
    async create(request) {
      try {
        return await client.messages.create({
          model,
          max_tokens: COACH_MAX_TOKENS,
          system: request.system,
          messages: request.messages,
          tools: request.tools,
          tool_choice: { type: 'any' },
        });
      } catch (error) {
        if (error instanceof Anthropic.APIError) {
          const why =
            error.status === 529 ? 'overloaded' : error.status === undefined ? 'unreachable' : `status ${error.status}`;
          throw Object.assign(
            refuse.unreachable(
              `HeartCoach's model could not answer (${why}); the consultation stopped — ask again in a minute.`,
            ),
            { cause: error },
          );
        }
        throw error;
      }
    },
  };
}
