import type {
  RecordedRequest,
  ReplyBlock,
  Script,
  ScriptedTurn,
  TextBlockParam,
  ToolResultBlockParam,
} from './scripted-messages-types';
import { blocks } from './scripted-messages-validate';

/**
 * Helpers for writing scripts: build answers (`reply`), read what the request says (`read`), and compose scripts.
 * A script decides from the request — the tools it was offered, the system blocks, the user's words, the tool results
 * it got back — the way a model would, so an assertion about a caller's behaviour cannot be satisfied by the script
 * alone.
 */
export const reply = {
  text: (text: string): ScriptedTurn => ({ kind: 'message', content: [{ type: 'text', text }] }),
  tool: (name: string, input: Record<string, unknown>, id?: string): ScriptedTurn => ({
    kind: 'message',
    content: [{ type: 'tool_use', name, input, ...(id === undefined ? {} : { id }) }],
  }),
  blocks: (content: ReplyBlock[]): ScriptedTurn => ({ kind: 'message', content }),
  overloaded: (): ScriptedTurn => ({ kind: 'overloaded' }),
  error: (status: number, errorType: string, message: string): ScriptedTurn => ({
    kind: 'error',
    status,
    errorType,
    message,
  }),
};

const textOf = (content: string | TextBlockParam[] | undefined): string =>
  typeof content === 'string' ? content : (content ?? []).map((block) => block.text).join('\n');

export const read = {
  /** The names of the tools offered, in order. */
  toolNames: (request: RecordedRequest): string[] => (request.body.tools ?? []).map((tool) => tool.name),
  /** The system blocks' texts, in order. */
  systemTexts: (request: RecordedRequest): string[] => {
    const system = request.body.system;
    if (system === undefined) return [];
    return typeof system === 'string' ? [system] : system.map((block) => block.text);
  },
  /** The whole system prompt as one string. */
  system: (request: RecordedRequest): string => read.systemTexts(request).join('\n\n'),
  /** The text of the first user message (the question, usually). */
  firstUserText: (request: RecordedRequest): string => userTexts(request)[0] ?? '',
  /** The text blocks of the last user message. */
  lastUserText: (request: RecordedRequest): string => userTexts(request).at(-1) ?? '',
  /** The tool results the last user message carries (empty on the first round). */
  lastToolResults: (
    request: RecordedRequest,
  ): Array<{ toolUseId: string; text: string; isError: boolean; toolName: string }> => {
    const messages = request.body.messages;
    const last = messages.at(-1);
    if (last?.role !== 'user') return [];
    const names = new Map<string, string>();
    for (const block of blocks(messages.at(-2)?.content ?? [])) {
      if (block.type === 'tool_use') names.set((block as { id: string }).id, (block as { name: string }).name);
    }
    return blocks(last.content)
      .filter((block): block is ToolResultBlockParam => block.type === 'tool_result')
      .map((block) => ({
        toolUseId: block.tool_use_id,
        text: textOf(block.content),
        isError: block.is_error === true,
        toolName: names.get(block.tool_use_id) ?? '',
      }));
  },
  /** Which round this is: 1 for the first request of a conversation, +1 per assistant turn already in it. */
  round: (request: RecordedRequest): number => request.body.messages.filter((m) => m.role === 'assistant').length + 1,
};

function userTexts(request: RecordedRequest): string[] {
  return request.body.messages
    .filter((message) => message.role === 'user')
    .map((message) =>
      blocks(message.content)
        .flatMap((block) => (block.type === 'text' ? [(block as TextBlockParam).text] : []))
        .join('\n'),
    )
    .filter((text) => text.length > 0);
}

/** Runs the scripts in order, one per request, repeating the last (handy for "overloaded, then fine"). */
export function inTurn(...scripts: Script[]): Script {
  let next = 0;
  return (request) => {
    const script = scripts[Math.min(next, scripts.length - 1)]!;
    next += 1;
    return script(request);
  };
}

/** The first rule whose predicate holds answers; `otherwise` answers when none does. */
export function firstMatch(rules: Array<[(request: RecordedRequest) => boolean, Script]>, otherwise: Script): Script {
  return (request) => (rules.find(([when]) => when(request))?.[1] ?? otherwise)(request);
}
