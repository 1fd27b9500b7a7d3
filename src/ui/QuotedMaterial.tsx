import type { Material } from '../protocol/messages/index';
import { message } from './words/messages';
import { messageNodes } from './words/message-nodes';

/**
 * Page text shown as what it is: a quotation from a named origin, to be read, never followed. The words say so
 * because the person (and any model reading the transcript later) must not mistake it for their own request.
 */
export function QuotedMaterial({ material }: { material: Material }) {
  return (
    <figure className="ha-quote" aria-label={message('quotedLabel')}>
      <figcaption>{messageNodes('quotedFrom', <span className="ha-origin">{material.origin}</span>)}</figcaption>
      <blockquote cite={material.origin} data-trust={material.trust}>
        {material.text}
      </blockquote>
    </figure>
  );
}
