import type { HomeDeps } from '../../home/services';
import {
  AgentConversationAddReply,
  AgentConversationAddRequest,
  AgentConversationClearReply,
  AgentConversationClearRequest,
  AgentConversationGetRequest,
  AgentConversationReply,
  ConversationEntry,
} from '../../protocol/messages/agent';
import { defineHandler } from '../handler';

/**
 * The side panel's conversation, kept in the vault per session: read when the panel opens, one entry added as it is
 * shown, cleared by the person. Extension pages only (the overlay sits in a web page, which can read what it shows).
 * A kept entry is a record of what was shown: nothing here acts, signs or resumes anything.
 */
export function conversationHandlers(deps: HomeDeps) {
  const conversations = async () => (await deps.home()).vault.conversations;
  return [
    defineHandler({
      type: 'agent.conversation.get',
      senders: ['extension-page'],
      request: AgentConversationGetRequest,
      reply: AgentConversationReply,
      async handle({ session }) {
        const { rows } = await (await conversations()).list(session);
        // An entry a later release shaped differently is left out rather than shown half-understood.
        const entries = rows.flatMap((row) => {
          const entry = ConversationEntry.safeParse(row.entry);
          return entry.success ? [entry.data] : [];
        });
        return { entries };
      },
    }),
    defineHandler({
      type: 'agent.conversation.add',
      senders: ['extension-page'],
      request: AgentConversationAddRequest,
      reply: AgentConversationAddReply,
      handle: async ({ session, entry }) => ({ kept: (await (await conversations()).add(session, entry)).seq + 1 }),
    }),
    defineHandler({
      type: 'agent.conversation.clear',
      senders: ['extension-page'],
      request: AgentConversationClearRequest,
      reply: AgentConversationClearReply,
      handle: async ({ session }) => ({ cleared: await (await conversations()).clear(session) }),
    }),
  ];
}
