import { HomeError } from '../../protocol/errors';
import type { Material } from '../../protocol/messages/index';
import {
  OVERLAY_LIMITS,
  OVERLAY_REPLIES,
  OverlayMaterialPutRequest,
  OverlayMaterialTakeRequest,
} from '../../protocol/messages/overlay';
import { defineHandler } from '../handler';

type Kept = { tabId: number; material: Material | null };

/**
 * The overlay's quoted selection, in the worker's memory between the content script that opened the overlay and the
 * overlay frame that shows it (src/protocol/messages/overlay.ts). Keyed by the nonce, bound to the tab the browser
 * named for the content script; taken once, by a frame in that same tab. A worker stopped in between loses it and
 * the frame says so (it is the page's own text: the person selects it again).
 */
export function overlayMaterialHandlers() {
  const kept = new Map<string, Kept>();
  return [
    defineHandler({
      type: 'overlay.material.put',
      senders: ['content-script'],
      request: OverlayMaterialPutRequest,
      reply: OVERLAY_REPLIES['overlay.material.put'],
      handle({ nonce, material }, sender) {
        if (sender.tabId === undefined || sender.frameId !== 0) {
          throw new HomeError('NOT_TOP_FRAME', 'Home Agent’s overlay opens only in the top frame of a tab.');
        }
        if (material !== null && material.origin !== sender.origin) {
          throw new HomeError(
            'ORIGIN_MISMATCH',
            `The quoted text says it came from ${material.origin}, but the page that sent it is ${sender.origin}.`,
          );
        }
        if (kept.has(nonce)) throw new HomeError('NONCE_IN_USE', 'That overlay was already opened; open it again.');
        kept.set(nonce, { tabId: sender.tabId, material });
        // Oldest first out: an overlay that never loaded must not pin memory.
        for (const key of kept.keys()) {
          if (kept.size <= OVERLAY_LIMITS.kept) break;
          kept.delete(key);
        }
        return { kept: true as const };
      },
    }),
    defineHandler({
      type: 'overlay.material.take',
      senders: ['overlay-frame'],
      request: OverlayMaterialTakeRequest,
      reply: OVERLAY_REPLIES['overlay.material.take'],
      handle({ nonce }, sender) {
        const entry = kept.get(nonce);
        // A nonce from another tab is as unknown as a guessed one: the answer does not say which it was.
        if (entry === undefined || sender.tabId === undefined || entry.tabId !== sender.tabId) {
          throw new HomeError(
            'NO_QUOTED_TEXT',
            'Home Agent no longer holds the text you selected (it is handed over once); select it and open the overlay again.',
          );
        }
        kept.delete(nonce);
        return { material: entry.material };
      },
    }),
  ];
}
