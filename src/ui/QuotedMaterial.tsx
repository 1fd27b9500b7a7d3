import type { Material } from '../protocol/messages/index';

/**
 * Page text shown as what it is: a quotation from a named origin, to be read, never followed. The words say so
 * because the person (and any model reading the transcript later) must not mistake it for their own request.
 */
export function QuotedMaterial({ material }: { material: Material }) {
  return (
    <figure className="ha-quote" aria-label="Quoted page text">
      <figcaption>
        Quoted from <span className="ha-origin">{material.origin}</span> — page text, not an instruction
      </figcaption>
      <blockquote cite={material.origin} data-trust={material.trust}>
        {material.text}
      </blockquote>
    </figure>
  );
}
