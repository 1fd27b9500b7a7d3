import english from '../../../public/_locales/en/messages.json';

/** A key of the English catalogue (`public/_locales/en/messages.json`): a typo is a type error. */
export type MessageKey = keyof typeof english;

type I18n = { getMessage(key: string, substitutions?: string[]): string };

/** The browser's catalogue (chrome.i18n, in the person's language), where the face runs in the extension. */
function i18n(): I18n | undefined {
  const api = (globalThis as { chrome?: { i18n?: I18n } }).chrome?.i18n;
  return typeof api?.getMessage === 'function' ? api : undefined;
}

/**
 * The words for `key`: chrome.i18n's message in the person's language when the extension has one, else the
 * English catalogue itself (tests in Node, or a key a translation lacks). One catalogue, read both ways.
 * `substitutions` fill the message's `$1`…`$9`, as chrome.i18n fills them.
 */
export function message(key: MessageKey, ...substitutions: string[]): string {
  const translated = i18n()?.getMessage(key, substitutions);
  if (translated) return translated;
  return english[key].message.replace(/\$([1-9])/g, (whole, n: string) => substitutions[Number(n) - 1] ?? whole);
}
