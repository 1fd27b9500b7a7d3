import { Material, MESSAGE_LIMITS } from '../protocol/messages/index';

/**
 * A page selection as quoted material: trimmed, capped at MESSAGE_LIMITS.material characters, always `untrusted`.
 * Returns undefined for an empty selection or an origin that is not a real one. The text is data to read and
 * quote; nothing in it is ever taken as an instruction.
 */
export function selectionMaterial(selection: string, origin: string | undefined): Material | undefined {
  const text = selection.trim().slice(0, MESSAGE_LIMITS.material);
  if (text.length === 0 || origin === undefined) return undefined;
  const parsed = Material.safeParse({ text, source: 'page-selection', origin, trust: 'untrusted' });
  return parsed.success ? parsed.data : undefined;
}

/** The origin of a URL the browser reported, or undefined when it has none we can name. */
export function originOfUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
