import { z } from 'zod';
import { HomeError } from '../../protocol/errors';

/**
 * What the Anthropic adapter needs, validated once at construction. Two tiers: the light tier answers the judge,
 * the plan-choice judge and the planner (short, structured answers); the composing tier writes the answers the
 * person reads (the grounded composer, instruction skills). The key is the person's own and goes only to the
 * configured endpoint; it never appears in a prompt.
 */
const ModelId = z.string().regex(/^[a-z0-9][a-z0-9.:_-]{0,99}$/i, 'a model id such as claude-haiku-4-5');
const Ms = z.number().int().min(1).max(600_000);

export const AnthropicModelConfigSchema = z.strictObject({
  apiKey: z.string().min(1).max(400),
  /** null or absent: the SDK's default endpoint (https://api.anthropic.com). */
  baseURL: z
    .string()
    .max(500)
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'an http(s) URL')
    .nullable()
    .default(null),
  lightModel: ModelId.default('claude-haiku-4-5'),
  composeModel: ModelId.default('claude-sonnet-5'),
  /** Per attempt. The light tier answers in a few hundred tokens; the composing tier may write 1400. */
  timeoutMs: z.strictObject({ light: Ms, compose: Ms }).default({ light: 20_000, compose: 60_000 }),
  /** Retries on overload (529) and rate limiting (429) only; 0 in unit tests. */
  maxRetries: z.number().int().min(0).max(6).default(2),
  /** First backoff; doubles per retry, with jitter, capped at 8 s (a retry-after header is honoured up to that). */
  retryBaseMs: z.number().int().min(0).max(10_000).default(500),
  /** 'as-asked' follows JudgeRequest.profile; the evaluation may force one profile. */
  judgeProfile: z.enum(['as-asked', 'fast', 'thorough']).default('as-asked'),
  /** The background worker is a browser context: the key is the person's own and stays in their browser. */
  dangerouslyAllowBrowser: z.boolean().default(false),
});
export type AnthropicModelConfigInput = z.input<typeof AnthropicModelConfigSchema>;
export type AnthropicModelConfig = z.output<typeof AnthropicModelConfigSchema>;

export function parseModelConfig(input: unknown): AnthropicModelConfig {
  const parsed = AnthropicModelConfigSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  // Never echo the input: it carries the key.
  const where = parsed.error.issues
    .map((i) => i.path.join('.') || 'config')
    .slice(0, 3)
    .join(', ');
  throw new HomeError('MODEL_CONFIG_INVALID', `The model settings are not usable (${where}).`);
}

/**
 * The configuration from the environment (Node: the command-line door, the evaluation, the bench), or null when no
 * model is configured. ANTHROPIC_BASE_URL alone (an Anthropic-compatible endpoint that needs no key) is enough.
 */
export function modelConfigFromEnv(env: Readonly<Record<string, string | undefined>>): AnthropicModelConfig | null {
  const apiKey = env.ANTHROPIC_API_KEY?.trim() || undefined;
  const baseURL = env.ANTHROPIC_BASE_URL?.trim() || undefined;
  if (apiKey === undefined && baseURL === undefined) return null;
  return parseModelConfig({
    apiKey: apiKey ?? 'no-key',
    ...(baseURL !== undefined ? { baseURL } : {}),
    ...(env.HOME_AGENT_LIGHT_MODEL ? { lightModel: env.HOME_AGENT_LIGHT_MODEL } : {}),
    ...(env.HOME_AGENT_COMPOSE_MODEL ? { composeModel: env.HOME_AGENT_COMPOSE_MODEL } : {}),
  });
}

/**
 * The configuration from the person's settings in the vault (the background worker), or null when they set no key.
 * The worker reads `model.apiKey`, `model.baseUrl` and the two model ids and passes them here.
 */
export function modelConfigFromSettings(settings: {
  apiKey: string | null;
  baseUrl: string | null;
  lightModel?: string;
  composeModel?: string;
}): AnthropicModelConfig | null {
  if (settings.apiKey === null) return null;
  return parseModelConfig({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    ...(settings.lightModel !== undefined ? { lightModel: settings.lightModel } : {}),
    ...(settings.composeModel !== undefined ? { composeModel: settings.composeModel } : {}),
    dangerouslyAllowBrowser: true,
  });
}
