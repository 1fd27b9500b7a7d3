/** The overlay's host element name; an open shadow root hangs off it so the page's CSS cannot restyle it. */
export const OVERLAY_HOST = 'home-agent-overlay';

/**
 * Creates (once per document) the overlay's host with an OPEN shadow root — open so assistive tech and tests can
 * see inside; the isolation we need is of styles and events, not secrecy from the page, which owns the DOM anyway.
 * Key events are kept from bubbling to the page, whose shortcuts would otherwise eat the person's typing.
 */
export function mountShadowHost(doc: Document, css: string): HTMLElement {
  const existing = doc.querySelector(OVERLAY_HOST)?.shadowRoot?.querySelector<HTMLElement>('[data-overlay-root]');
  if (existing) return existing;
  const host = doc.createElement(OVERLAY_HOST);
  host.style.setProperty('all', 'initial');
  const shadow = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = css;
  const container = doc.createElement('div');
  container.dataset.overlayRoot = '';
  shadow.append(style, container);
  for (const type of ['keydown', 'keyup', 'keypress']) host.addEventListener(type, (event) => event.stopPropagation());
  doc.documentElement.append(host);
  return container;
}
