import { z } from 'zod';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { readRows, writeRow, type VaultRead } from '../rows';
import { Id, Json, Millis } from '../values';

/** How many entries one conversation keeps; an older one is dropped when a newer one comes. */
export const CONVERSATION_KEEPS = 200;

/**
 * The conversation a face showed, kept per session (the side panel's conversation with one agent) so that closing
 * and reopening the panel finds it again, until the person clears it. One row per entry, numbered in order within
 * its session; the entry itself (the person's words, a reply envelope, a refusal) is shaped and checked by the faces'
 * wire schema (src/protocol/messages/agent.ts). A record of what was shown: never consent, never authority.
 */
export const ConversationRow = z.strictObject({
  /** `<session>#<seq, zero-padded>`: unique, and sorted by the order the entries were shown. */
  id: Id,
  session: z.string().min(1).max(120),
  seq: z.number().int().nonnegative(),
  entry: Json,
  createdAt: Millis,
});
export type ConversationRow = z.output<typeof ConversationRow>;

export type ConversationsRepository = {
  /**
   * Appends one entry to the session's conversation (numbered after the last), dropping the oldest past the cap.
   * `entry` must be JSON (checked on the way in); its shape is the faces' (checked on the wire).
   */
  add(session: string, entry: unknown): Promise<ConversationRow>;
  /** The session's entries, oldest first; a damaged row is left out and named. */
  list(session: string): Promise<VaultRead<ConversationRow>>;
  /** Forgets the session's conversation; returns how many entries went. */
  clear(session: string): Promise<number>;
};

const idOf = (session: string, seq: number) => `${session}#${String(seq).padStart(8, '0')}`;

export function createConversationsRepository(db: VaultDb, clock: VaultClock): ConversationsRepository {
  const ordered = async (session: string) =>
    readRows('conversations', ConversationRow, await db.conversations.where('session').equals(session).toArray());
  return {
    add: (session, entry) =>
      // One transaction: two entries added at once cannot take the same number.
      db.transaction('rw', db.conversations, async () => {
        const keys = (await db.conversations.where('session').equals(session).primaryKeys()).sort();
        const last = keys.at(-1);
        const seq = last === undefined ? 0 : Number(last.slice(last.lastIndexOf('#') + 1)) + 1;
        const row = writeRow('conversations', ConversationRow, {
          id: idOf(session, seq),
          session,
          seq,
          entry,
          createdAt: clock.now(),
        });
        await db.conversations.add(row);
        const over = keys.length + 1 - CONVERSATION_KEEPS;
        if (over > 0) await db.conversations.bulkDelete(keys.slice(0, over));
        return row;
      }),
    list: async (session) => {
      const read = await ordered(session);
      return { rows: read.rows.sort((a, b) => a.seq - b.seq), corrupt: read.corrupt };
    },
    clear: (session) => db.conversations.where('session').equals(session).delete(),
  };
}
