import { useEffect, useState, type RefObject } from 'react';

type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean };
type VisibilityInit = IntersectionObserverInit & { trackVisibility: boolean; delay: number };

/**
 * Whether the element is shown as itself: not covered by anything the embedding page draws over its frame, not made
 * transparent, filtered or transformed (Intersection Observer v2, `trackVisibility`). The overlay frame sits inside
 * a web page that could cover it and steer the person's clicks into it; while this is false the frame pauses its
 * controls. Where the browser cannot tell (no `isVisible`), it answers true: a defence in depth, not the only one —
 * nothing in the overlay grants authority (signing happens in the popup).
 */
export function useUncovered(element: RefObject<HTMLElement | null>): boolean {
  const [uncovered, setUncovered] = useState(true);
  useEffect(() => {
    const target = element.current;
    if (target === null || typeof IntersectionObserver === 'undefined') return;
    const init: VisibilityInit = { threshold: [0, 1], trackVisibility: true, delay: 100 };
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1] as VisibilityEntry | undefined;
      if (last?.isVisible !== undefined) setUncovered(last.isVisible);
    }, init);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return uncovered;
}
