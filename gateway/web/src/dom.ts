/**
 * A few lines of DOM instead of a framework (the page is lists, a sheet and a form): `h` builds an element with
 * attributes, listeners and children; text is always a text node, so nothing the gateway or an agent says is ever
 * parsed as HTML.
 */
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | undefined | null | ((event: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, '').toLowerCase(), value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
  return el;
}

/** Replaces an element's children. */
export function show(target: Element, ...children: (Child | Child[])[]): void {
  target.replaceChildren();
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    target.append(
      typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child,
    );
  }
}

/** "2026-09-29 11:58" in UTC, as the briefs write times. */
export const when = (iso: string): string => iso.slice(0, 16).replace('T', ' ');
export const day = (iso: string): string => iso.slice(0, 10);

export const short = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`;
