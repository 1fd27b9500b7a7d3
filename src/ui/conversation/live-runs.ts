import type { HarnessReply } from '../../protocol/harness-reply';
import type { Entry } from './use-conversation';

const FINISHED: ReadonlySet<HarnessReply['kind']> = new Set(['done', 'refused', 'answer']);

/**
 * The reply entries whose buttons still act: for each run, only its newest reply, and only while that run is not
 * finished. An older card of the same run keeps its record (what it asked, what it would allow) but loses its
 * buttons, so a Decline under a request that is already Done cannot read as a second act.
 */
export function liveEntries(entries: readonly Entry[]): ReadonlySet<number> {
  const newest = new Map<string, Extract<Entry, { from: 'agent' }>>();
  for (const entry of entries) if (entry.from === 'agent') newest.set(entry.response.runRef, entry);
  const live = new Set<number>();
  for (const entry of newest.values()) if (!FINISHED.has(entry.response.reply.kind)) live.add(entry.id);
  return live;
}
