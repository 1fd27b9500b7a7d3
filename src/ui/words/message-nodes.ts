import { createElement, Fragment, type ReactNode } from 'react';
import { message, type MessageKey } from './messages';

/** Private-use characters stand in for the nodes while the catalogue fills `$1`…`$9`: no message contains them. */
const FIRST = 0xe000;
const MARKS = /([\uE000-\uE008])/;

/**
 * The words for `key` with React nodes (a name in bold, a run's reference as code) in place of its `$1`…`$9`, so a
 * translation may put them wherever its language wants them, and the markup around them stays the face's.
 */
export function messageNodes(key: MessageKey, ...nodes: ReactNode[]): ReactNode {
  const text = message(key, ...nodes.map((_, i) => String.fromCharCode(FIRST + i)));
  const parts = text
    .split(MARKS)
    .map((part) => (MARKS.test(part) && part.length === 1 ? nodes[part.charCodeAt(0) - FIRST] : part));
  return createElement(Fragment, null, ...parts);
}
