import { useLayoutEffect, type RefObject } from 'react';

/** The nearest ancestor that scrolls (the overlay's panel), else the page itself. */
function scrollerOf(element: HTMLElement): HTMLElement {
  for (let node = element.parentElement; node !== null; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
}

/**
 * Brings the log's newest entry into view whenever `key` changes (a new entry, or a reply replacing "working…"):
 * its bottom at the bottom of the view when it fits, else its top at the top, so its heading is read first. Only the
 * face's own scroller moves, never a page that embeds the face (`scrollIntoView` would scroll that page too). The
 * log's `aria-live` still announces the reply: moving the view does not move focus.
 */
export function useRevealNewest(log: RefObject<HTMLElement | null>, key: string): void {
  useLayoutEffect(() => {
    const newest = log.current?.lastElementChild;
    if (!(newest instanceof HTMLElement)) return;
    const scroller = scrollerOf(newest);
    const isPage = scroller === document.scrollingElement || scroller === document.documentElement;
    const view = isPage ? { top: 0, bottom: window.innerHeight } : scroller.getBoundingClientRect();
    const box = newest.getBoundingClientRect();
    const height = view.bottom - view.top;
    const by = box.height <= height ? box.bottom - view.bottom : box.top - view.top;
    if (box.height <= height && box.top >= view.top && box.bottom <= view.bottom) return;
    scroller.scrollTop += by;
  }, [log, key]);
}
