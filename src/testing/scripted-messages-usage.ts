import { createHash } from 'node:crypto';
import type { MessagesRequestBody, SimulatedUsage } from './scripted-messages-types';

/** A rough token count (four characters a token): enough for usage and cache figures to move the way real ones do. */
export const tokensOf = (text: string): number => Math.ceil(text.length / 4);

/**
 * The prompt cache the hosted API keeps, simulated: the cacheable prefix is tools, then system blocks, up to and
 * including the last block marked `cache_control`. The first request with a prefix writes it
 * (`cache_creation_input_tokens`); a later request with the same prefix reads it (`cache_read_input_tokens`).
 * Prefixes shorter than `minTokens` are not cached, as the API does.
 */
export class PromptCache {
  private readonly seen = new Set<string>();
  constructor(private readonly minTokens = 0) {}

  usageOf(body: MessagesRequestBody, outputTokens: number): SimulatedUsage {
    const total = tokensOf(
      JSON.stringify({ tools: body.tools ?? [], system: body.system ?? '', messages: body.messages }),
    );
    const prefix = cacheablePrefix(body);
    if (prefix === null || tokensOf(prefix) < this.minTokens) {
      return {
        input_tokens: total,
        output_tokens: outputTokens,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      };
    }
    const cached = Math.min(tokensOf(prefix), total);
    const key = createHash('sha256').update(body.model).update('\0').update(prefix).digest('hex');
    const hit = this.seen.has(key);
    this.seen.add(key);
    return {
      input_tokens: total - cached,
      output_tokens: outputTokens,
      cache_creation_input_tokens: hit ? 0 : cached,
      cache_read_input_tokens: hit ? cached : 0,
    };
  }
}

function cacheablePrefix(body: MessagesRequestBody): string | null {
  const parts: unknown[] = [];
  let end = -1;
  for (const tool of body.tools ?? []) {
    parts.push(tool);
    if (tool.cache_control !== undefined) end = parts.length;
  }
  const system = typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : (body.system ?? []);
  for (const block of system) {
    parts.push(block);
    if ('cache_control' in block && block.cache_control !== undefined) end = parts.length;
  }
  return end < 0 ? null : JSON.stringify(parts.slice(0, end));
}
