/**
 * The shapes the scripted Anthropic Messages server speaks (a test double for the hosted model, which cannot run
 * here). Request shapes are the subset of the Messages API our callers send; a script sees the request as recorded.
 */

export type TextBlockParam = { type: 'text'; text: string; cache_control?: { type: 'ephemeral'; ttl?: string } };
export type ToolUseBlockParam = { type: 'tool_use'; id: string; name: string; input: unknown };
export type ToolResultBlockParam = {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | TextBlockParam[];
  is_error?: boolean;
};
export type ContentBlockParam = TextBlockParam | ToolUseBlockParam | ToolResultBlockParam | { type: string };
export type MessageParam = { role: 'user' | 'assistant'; content: string | ContentBlockParam[] };
export type ToolParam = {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
  cache_control?: unknown;
};
export type ToolChoice = { type: 'auto' | 'any' | 'none' } | { type: 'tool'; name: string };

/** The body of `POST /v1/messages` as the server parsed it. */
export type MessagesRequestBody = {
  model: string;
  max_tokens: number;
  messages: MessageParam[];
  system?: string | TextBlockParam[];
  tools?: ToolParam[];
  tool_choice?: ToolChoice;
  stream?: boolean;
  [key: string]: unknown;
};

/** One request the server received, in arrival order (`index` from 0). */
export type RecordedRequest = {
  index: number;
  path: string;
  headers: Record<string, string>;
  body: MessagesRequestBody;
  /** Set when the client went away before the whole answer was sent (a cancelled call). */
  aborted?: boolean;
};

/** A block the scripted model answers with. A tool_use id is generated when the script gives none. */
export type ReplyBlock =
  { type: 'text'; text: string } | { type: 'tool_use'; name: string; input: Record<string, unknown>; id?: string };

/** What the script decides for one request. */
export type ScriptedTurn =
  | {
      kind: 'message';
      content: ReplyBlock[];
      /** Defaults to `tool_use` when a tool is used, else `end_turn`. */
      stopReason?: 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence';
      /** Overrides the simulated output token count. */
      outputTokens?: number;
    }
  | { kind: 'overloaded' }
  | { kind: 'error'; status: number; errorType: string; message: string };

/** A script: from the recorded request to the answer. Never keyed on case ids — only on what the request says. */
export type Script = (request: RecordedRequest) => ScriptedTurn | Promise<ScriptedTurn>;

/** The usage the server reports, simulated from the request's size and the prompt cache it keeps. */
export type SimulatedUsage = {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
};
