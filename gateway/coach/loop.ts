import type Anthropic from '@anthropic-ai/sdk';
import type { Acted } from '../../src/protocol/heartcoach';
import { refuse } from '../errors';
import type { ModelPort } from './model';
import type { CoachReply } from './reply';
import { registeredIdOfAnyModelName, type ToolOffer } from './tools';

/** At most five model calls per consultation (seed 000 step 7). */
export const MAX_ROUNDS = 5;

/** What one act did: the tool result the model reads, whether it landed, and its ✓/✕ line. */
export type ActOutcome = { content: string; isError: boolean; landed: boolean; acted: Acted };

export type LoopInput = {
  model: ModelPort;
  /** The archetype definitions closed with the contract: cached across consultations. */
  playbook: string;
  /** The brief, rebuilt from the current state each round (so an act that landed is seen). */
  brief: () => string;
  opening: string;
  offer: ToolOffer;
  act: (toolId: string, input: unknown) => Promise<ActOutcome>;
  /** The refusal for a tool the model named but was not offered (by its registered id when it has one). */
  notOffered: (toolId: string) => ActOutcome;
  validateReply: (input: unknown) => { ok: true; reply: CoachReply } | { ok: false; reason: string };
  /** Told of each ✓/✕ line the moment it is known, so a streaming caller sees the coach compose. */
  onActed?: (acted: Acted) => void;
  /** Aborted when the consultation is canceled: no further model call or act starts. */
  signal?: AbortSignal;
};

export type LoopResult = {
  reply: CoachReply;
  acted: Acted[];
  usage: { input: number; output: number; cacheRead: number };
  rounds: number;
};

/**
 * The model loop (seed 000 steps 7–10): each round the assistant's blocks are appended, every tool_use is handled in
 * order (a tool not offered is refused by name; acts go to `act`, which runs both gates), the results go back as one
 * user message, and the loop ends the moment coach_reply validates. Plain text is a contract violation (502).
 */
export async function runModelLoop(input: LoopInput): Promise<LoopResult> {
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: input.opening }];
  const tools: Anthropic.Tool[] = input.offer.tools.map((t) => ({
    name: t.modelName,
    description: t.description,
    input_schema: t.inputSchema as Anthropic.Tool.InputSchema,
  }));
  const acted: Acted[] = [];
  const usage = { input: 0, output: 0, cacheRead: 0 };
  const stopIfCanceled = () => {
    if (input.signal?.aborted === true) throw refuse.canceled();
  };
  const record = (line: Acted) => {
    acted.push(line);
    input.onActed?.(line);
  };
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    stopIfCanceled();
    const response = await input.model.create({
      system: [
        { type: 'text', text: input.playbook, cache_control: { type: 'ephemeral' } },
        { type: 'text', text: input.brief() },
      ],
      messages,
      tools,
    });
    usage.input += response.usage.input_tokens + (response.usage.cache_creation_input_tokens ?? 0);
    usage.output += response.usage.output_tokens;
    usage.cacheRead += response.usage.cache_read_input_tokens ?? 0;
    const uses = response.content.filter((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use');
    if (uses.length === 0) {
      throw refuse.noReply(
        "HeartCoach's model answered without calling a tool, which its contract forbids; no answer was composed.",
      );
    }
    messages.push({ role: 'assistant', content: response.content });
    const results: Anthropic.ToolResultBlockParam[] = [];
    for (const use of uses) {
      const id = input.offer.byModelName.get(use.name)?.id ?? null;
      if (id === null) {
        const outcome = input.notOffered(registeredIdOfAnyModelName(use.name) ?? use.name.slice(0, 64));
        results.push({ type: 'tool_result', tool_use_id: use.id, is_error: true, content: outcome.content });
        record(outcome.acted);
        continue;
      }
      if (id === 'coach_reply') {
        const verdict = input.validateReply(use.input);
        if (verdict.ok) return { reply: verdict.reply, acted, usage, rounds: round };
        results.push({ type: 'tool_result', tool_use_id: use.id, is_error: true, content: verdict.reason });
        continue;
      }
      stopIfCanceled();
      const outcome = await input.act(id, use.input);
      record(outcome.acted);
      results.push({ type: 'tool_result', tool_use_id: use.id, is_error: outcome.isError, content: outcome.content });
    }
    messages.push({ role: 'user', content: results });
  }
  throw refuse.noReply(`HeartCoach did not compose a valid answer within ${MAX_ROUNDS} rounds; nothing more was done.`);
}
