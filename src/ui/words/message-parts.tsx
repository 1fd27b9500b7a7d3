import { Fragment, type ReactNode } from 'react';
import { message, type MessageKey } from './messages';

/** Marks substitution `i` in a message, in private-use characters no catalogue's words hold. */
const mark = (i: number) => `\uE000${i}\uE001`;

/**
 * The words for `key` with markup in them: each of `parts` (a name in <strong>, an address in <code>) takes the
 * place of its `$1`…`$9`, so a translation may put it anywhere in its sentence.
 */
export function messageParts(key: MessageKey, ...parts: ReactNode[]): ReactNode {
  const text = message(key, ...parts.map((_, i) => mark(i)));
  const pieces = text.split(/\uE000(\d)\uE001/);
  return pieces.map((piece, i) => (i % 2 === 0 ? piece : <Fragment key={i}>{parts[Number(piece)]}</Fragment>));
}
