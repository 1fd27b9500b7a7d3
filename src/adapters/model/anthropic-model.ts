import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages';
import type {
  ComposeRequest,
  ComposeResponse,
  JudgeRequest,
  JudgeResponse,
  ModelPort,
  PlanChoiceRequest,
  PlanChoiceResponse,
  PlannerRequest,
  PlannerResponse,
  SkillApplyRequest,
  SkillApplyResponse,
} from '../../harness';
import { parseModelConfig, type AnthropicModelConfig, type AnthropicModelConfigInput } from './config';
import type { CallRecord, Runtime } from './messages-call';
import { applySkill } from './prompts/skill-apply';
import { compose } from './prompts/composer';
import { judgeSkills } from './prompts/judge';
import { choosePlan } from './prompts/plan-choice';
import { plan } from './prompts/planner';

/**
 * The harness's ModelPort on Anthropic's Messages API (`@anthropic-ai/sdk`), for the background worker and Node.
 * Light tier: the skill judge, the plan-choice judge, the planner. Composing tier: the grounded composer and
 * instruction skills. Each role's prompt lives in ./prompts; every call goes through one place (messages-call.ts)
 * for timeouts, cancellation, retries on overload and usage with a cost estimate.
 */
export type AnthropicModelOptions = {
  /** A custom fetch (tests, a worker that must route through its own). */
  fetch?: typeof fetch;
  /** Sees every call's record: tokens incl. cache writes, attempts, first-token time. Never leaves the process. */
  onCall?: (record: CallRecord) => void;
  /** Milliseconds for timing; performance.now by default. */
  now?: () => number;
};

/** The SDK's client with the Messages API only: the full client's other resources are ~275 kB of the worker. */
class MessagesClient extends BaseAnthropic {
  messages: Messages = new Messages(this);
}

export type AnthropicModel = ModelPort & { readonly config: Omit<AnthropicModelConfig, 'apiKey'> };

export function createAnthropicModel(
  input: AnthropicModelConfigInput | AnthropicModelConfig,
  options: AnthropicModelOptions = {},
): AnthropicModel {
  const config = parseModelConfig(input);
  const client = new MessagesClient({
    apiKey: config.apiKey,
    // Explicit, so neither the environment nor a profile on disk decides where the key goes.
    baseURL: config.baseURL ?? 'https://api.anthropic.com',
    authToken: null,
    maxRetries: 0,
    timeout: Math.max(config.timeoutMs.light, config.timeoutMs.compose),
    dangerouslyAllowBrowser: config.dangerouslyAllowBrowser,
    ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
  });
  const rt: Runtime = {
    client,
    config,
    now: options.now ?? (() => performance.now()),
    ...(options.onCall !== undefined ? { onCall: options.onCall } : {}),
  };
  const { apiKey: _key, ...visible } = config;
  return {
    provider: 'anthropic',
    config: visible,
    judgeSkills: (r: JudgeRequest): Promise<JudgeResponse> => judgeSkills(rt, r),
    choosePlan: (r: PlanChoiceRequest): Promise<PlanChoiceResponse> => choosePlan(rt, r),
    plan: (r: PlannerRequest): Promise<PlannerResponse> => plan(rt, r),
    compose: (r: ComposeRequest): Promise<ComposeResponse> => compose(rt, r),
    applySkill: (r: SkillApplyRequest): Promise<SkillApplyResponse> => applySkill(rt, r),
  };
}
