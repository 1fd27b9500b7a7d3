import type { ContentBlockParam, MessagesRequestBody, ToolUseBlockParam } from './scripted-messages-types';

/**
 * The request checks the hosted Messages API makes that our callers could get wrong, so a test against the scripted
 * server fails where production would: a dotted tool name, a tool_choice naming no offered tool, a tool_use left
 * without its tool_result in the next user turn. Returns the API's sentence, or null when the request is well formed.
 */
export function invalidRequestReason(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'request body must be a JSON object';
  const b = body as Partial<MessagesRequestBody>;
  if (typeof b.model !== 'string' || b.model.length === 0) return 'model: Field required';
  if (!Number.isInteger(b.max_tokens) || (b.max_tokens as number) < 1) return 'max_tokens: Field required';
  if (!Array.isArray(b.messages) || b.messages.length === 0) return 'messages: at least one message is required';
  const tools = b.tools ?? [];
  if (!Array.isArray(tools)) return 'tools: Input should be a valid list';
  const names = new Set<string>();
  for (const [i, tool] of tools.entries()) {
    if (typeof tool?.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(tool.name)) {
      return `tools.${i}.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`;
    }
    if (names.has(tool.name)) return `tools: Tool names must be unique.`;
    if (typeof tool.input_schema !== 'object' || tool.input_schema === null)
      return `tools.${i}.input_schema: Field required`;
    names.add(tool.name);
  }
  const choice = b.tool_choice;
  if (choice !== undefined) {
    if (!['auto', 'any', 'tool', 'none'].includes(choice.type))
      return 'tool_choice.type: Input should be auto, any, tool or none';
    if ((choice.type === 'any' || choice.type === 'tool') && names.size === 0) {
      return `tool_choice.type: '${choice.type}' requires tools`;
    }
    if (choice.type === 'tool' && !names.has(choice.name))
      return `tool_choice.name: Tool '${choice.name}' not found in tools`;
  }
  return conversationReason(b.messages);
}

function conversationReason(messages: MessagesRequestBody['messages']): string | null {
  if (messages[0]?.role !== 'user') return 'messages: first message must use the "user" role';
  for (let i = 0; i < messages.length; i += 1) {
    const message = messages[i]!;
    if (message.role !== 'user' && message.role !== 'assistant')
      return `messages.${i}.role: Input should be 'user' or 'assistant'`;
    if (i > 0 && messages[i - 1]!.role === message.role)
      return `messages: roles must alternate between "user" and "assistant"`;
    const uses = blocks(message.content).filter((x): x is ToolUseBlockParam => x.type === 'tool_use');
    if (message.role !== 'assistant' || uses.length === 0) continue;
    const next = messages[i + 1];
    if (next === undefined) return null; // a trailing assistant turn is a prefill
    const resultIds = new Set(
      blocks(next.content).flatMap((x) =>
        x.type === 'tool_result' ? [(x as { tool_use_id: string }).tool_use_id] : [],
      ),
    );
    const missing = uses.filter((use) => !resultIds.has(use.id)).map((use) => use.id);
    if (missing.length > 0) {
      return `messages.${i + 1}: tool_use ids were found without tool_result blocks immediately after: ${missing.join(', ')}`;
    }
  }
  return null;
}

/** The content of a message as blocks (a string is one text block). */
export function blocks(content: string | ContentBlockParam[]): ContentBlockParam[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}
