import type { ResultRow } from '../../protocol/harness-reply';
import { message } from '../words/messages';
import { CellValue } from './LongValue';

const MAX_COLUMNS = 12;

/**
 * A read's results as a table (never prose to parse): one column per field, headers a screen reader announces.
 * Addresses and digests are shortened with a copy button; in a narrow side panel each row folds into a card whose
 * cells carry their column's name (`data-label`, see faces.css), so no table is wider than the panel.
 */
export function ResultsTable({ rows, caption }: { rows: readonly ResultRow[]; caption: string }) {
  if (rows.length === 0) return <p className="ha-meta">{message('resultsEmpty')}</p>;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].slice(0, MAX_COLUMNS);
  return (
    <div className="ha-table-wrap" tabIndex={0} role="group" aria-label={caption}>
      <table className="ha-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((column) => (
                <td key={column} data-label={column}>
                  <CellValue value={row[column]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
