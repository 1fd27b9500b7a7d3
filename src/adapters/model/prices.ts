import type { ModelUsage } from '../../harness';

/**
 * A small price table, in US dollars per million tokens, for the cost figure each call reports. It is an ESTIMATE
 * for the person's own bookkeeping — list prices as we last knew them, never a bill: the provider's invoice is the
 * truth. Cache writes cost 1.25× the input price and cache reads 0.1× (Anthropic's prompt caching, five-minute
 * writes). An id not in the table is priced by its family (haiku, sonnet, opus); anything else has no price.
 */
export type Price = { inputPerMTok: number; outputPerMTok: number };

const FAMILY: Readonly<Record<'haiku' | 'sonnet' | 'opus', Price>> = {
  haiku: { inputPerMTok: 1, outputPerMTok: 5 },
  sonnet: { inputPerMTok: 3, outputPerMTok: 15 },
  opus: { inputPerMTok: 5, outputPerMTok: 25 },
};

export const PRICES: Readonly<Record<string, Price>> = {
  'claude-haiku-4-5': FAMILY.haiku,
  'claude-haiku-4-5-20251001': FAMILY.haiku,
  'claude-sonnet-4-5': FAMILY.sonnet,
  'claude-sonnet-4-5-20250929': FAMILY.sonnet,
  'claude-opus-4-5': FAMILY.opus,
  'claude-opus-4-5-20251101': FAMILY.opus,
  'claude-opus-4-1': { inputPerMTok: 15, outputPerMTok: 75 },
  'claude-3-5-haiku-latest': { inputPerMTok: 0.8, outputPerMTok: 4 },
};

export const CACHE_WRITE_FACTOR = 1.25;
export const CACHE_READ_FACTOR = 0.1;

/** The price for a model id: exact, else by family; null when unknown. */
export function priceOf(model: string): Price | null {
  const exact = PRICES[model];
  if (exact !== undefined) return exact;
  const family = (['haiku', 'sonnet', 'opus'] as const).find((f) => model.toLowerCase().includes(f));
  return family === undefined ? null : FAMILY[family];
}

/** Token counts as the API reports them: fresh input, cache writes, cache reads, output. */
export type TokenCounts = { input: number; cacheWrite: number; cacheRead: number; output: number };

/** The estimated cost of one call, rounded to a millionth of a dollar; null when the model has no price. */
export function estimateCostUsd(model: string, tokens: TokenCounts): number | null {
  const price = priceOf(model);
  if (price === null) return null;
  const input = tokens.input + tokens.cacheWrite * CACHE_WRITE_FACTOR + tokens.cacheRead * CACHE_READ_FACTOR;
  const usd = (input * price.inputPerMTok + tokens.output * price.outputPerMTok) / 1_000_000;
  return Math.round(usd * 1_000_000) / 1_000_000;
}

/**
 * The same estimate from a harness usage record (plannerTrace.calls), where cache writes are not told apart from
 * fresh input: those are priced as fresh input, so the figure errs low by at most a quarter of the write tokens.
 */
export function estimateUsageCostUsd(
  usage: Pick<ModelUsage, 'model' | 'inputTokens' | 'cachedInputTokens' | 'outputTokens'>,
): number | null {
  const cached = Math.min(usage.cachedInputTokens, usage.inputTokens);
  return estimateCostUsd(usage.model, {
    input: usage.inputTokens - cached,
    cacheWrite: 0,
    cacheRead: cached,
    output: usage.outputTokens,
  });
}
