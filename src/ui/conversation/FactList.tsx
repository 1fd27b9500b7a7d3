import type { Fact } from '../words/requirement-words';

/** Facts as a description list: a term and its detail, read in order by a screen reader. */
export function FactList({ facts, label }: { facts: readonly Fact[]; label: string }) {
  return (
    <dl className="ha-facts" aria-label={label}>
      {facts.map((fact) => (
        <div key={fact.term} className="ha-fact">
          <dt>{fact.term}</dt>
          <dd>{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
