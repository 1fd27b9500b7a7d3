import type { Fact } from '../words/requirement-words';
import { CellValue } from './LongValue';

/** Facts as a description list: a term and its detail, read in order by a screen reader; long hex has a copy button. */
export function FactList({ facts, label }: { facts: readonly Fact[]; label: string }) {
  return (
    <dl className="ha-facts" aria-label={label}>
      {facts.map((fact) => (
        <div key={fact.term} className="ha-fact">
          <dt>{fact.term}</dt>
          <dd>
            <CellValue value={fact.detail} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
