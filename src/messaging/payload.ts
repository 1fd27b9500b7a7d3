/**
 * The size of a message as JSON, in UTF-8 bytes, or Infinity when it is not JSON at all. The length of the JSON
 * string is a lower bound of its UTF-8 size, so an oversized message is refused without encoding it.
 */
export function payloadBytes(message: unknown, cap: number): number {
  let json: string | undefined;
  try {
    json = JSON.stringify(message);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
  if (json === undefined) return 0;
  if (json.length > cap) return json.length;
  return new TextEncoder().encode(json).length;
}
