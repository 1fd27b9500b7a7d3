import { HomeError } from '../protocol/errors';
import type { SenderKind } from '../protocol/messages/index';

/** Who sent a message, as the background established it from the browser's own sender record. */
export type SenderContext = {
  kind: SenderKind;
  /** The sender's origin: the extension's for its pages, the page's for content scripts and the page bridge. */
  origin: string;
  tabId?: number;
  frameId?: number;
};

/** The parts of `chrome.runtime.MessageSender` we read. */
export type RuntimeSender = {
  id?: string;
  url?: string;
  origin?: string;
  frameId?: number;
  tab?: { id?: number; url?: string };
};

/** The overlay's conversation page (entrypoints/overlay-frame), the one extension page a web page's tab may embed. */
export const OVERLAY_FRAME_PAGE = '/overlay-frame.html';

/** This extension, as the worker knows itself: `browser.runtime.id` and `chrome-extension://<id>`. */
export type ExtensionSelf = { id: string; origin: string };

function pathOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    // Node's URL gives opaque origins for chrome-extension:; browsers name them scheme://host.
    if (parsed.origin !== 'null') return parsed.origin;
    return parsed.host === '' ? undefined : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return undefined;
  }
}

/**
 * Classifies a sender, failing closed. An extension page is a sender of this extension whose URL (and origin, when
 * the browser gives one) is the extension's own origin — in the side panel, the popup, or opened as a tab. The
 * overlay frame is the extension page OVERLAY_FRAME_PAGE, always in a tab (inside a web page): it is its own kind,
 * wherever it is loaded, so a page that embeds it gains none of the Home's privileges; any other extension page in
 * a subframe of a tab is refused. A content script is a sender of this extension running in a tab on a web origin;
 * its origin is the browser's `sender.origin`, else the frame's URL, never anything the message says.
 */
export function classifySender(sender: RuntimeSender, self: ExtensionSelf): SenderContext {
  if (sender.id !== self.id) {
    throw new HomeError('FOREIGN_SENDER', 'This message did not come from Home Agent itself, so it was refused.');
  }
  const urlOrigin = originOf(sender.url);
  if (urlOrigin === self.origin && (sender.origin === undefined || sender.origin === self.origin)) {
    const tabId = sender.tab?.id;
    if (pathOf(sender.url) === OVERLAY_FRAME_PAGE) {
      if (tabId === undefined)
        throw new HomeError('UNKNOWN_SENDER', 'Home Agent’s overlay spoke from outside any tab, so it was refused.');
      const context: SenderContext = { kind: 'overlay-frame', origin: self.origin, tabId };
      if (sender.frameId !== undefined) context.frameId = sender.frameId;
      return context;
    }
    if (tabId !== undefined && sender.frameId !== undefined && sender.frameId !== 0) {
      throw new HomeError('UNKNOWN_SENDER', 'A Home Agent page embedded inside another page spoke, so it was refused.');
    }
    const context: SenderContext = { kind: 'extension-page', origin: self.origin };
    if (tabId !== undefined) context.tabId = tabId;
    return context;
  }
  const tabId = sender.tab?.id;
  const origin = sender.origin ?? urlOrigin ?? originOf(sender.tab?.url);
  if (tabId === undefined || origin === undefined || origin === self.origin || /^[a-z-]+-extension:/.test(origin)) {
    throw new HomeError('UNKNOWN_SENDER', 'Home Agent could not tell which page sent this message, so it was refused.');
  }
  const context: SenderContext = { kind: 'content-script', origin, tabId };
  if (sender.frameId !== undefined) context.frameId = sender.frameId;
  return context;
}

const KIND_WORDS: Record<SenderKind, string> = {
  'extension-page': "Home Agent's own pages (side panel, popup, options)",
  'overlay-frame': "Home Agent's overlay conversation inside a web page",
  'content-script': "Home Agent's content script in a web page",
  page: 'web pages',
};

/** A sender kind in words, for refusals. */
export function describeSender(sender: SenderContext): string {
  return sender.kind === 'page' ? `a web page (${sender.origin})` : KIND_WORDS[sender.kind];
}

/** A list of sender kinds in words, for refusals. */
export function describeKinds(kinds: readonly SenderKind[]): string {
  return kinds.map((kind) => KIND_WORDS[kind]).join(' or ');
}
