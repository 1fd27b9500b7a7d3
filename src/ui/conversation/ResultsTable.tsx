import type { ResultRow } from '../../protocol/harness-reply';
import { message, type MessageKey } from '../words/messages';
import { CellValue } from './LongValue';

const MAX_COLUMNS = 12;

/** The reads' field names in words (src/harness/execute/reads.ts); a field not listed is shown as the read names it. */
const COLUMNS: Readonly<Record<string, MessageKey>> = {
  name: 'resultsColumnName',
  address: 'resultsColumnAddress',
  aliases: 'resultsColumnAliases',
  roles: 'resultsColumnRoles',
  organization: 'resultsColumnOrganization',
  id: 'resultsColumnId',
  type: 'resultsColumnType',
  updatedAt: 'resultsColumnUpdatedAt',
  summary: 'resultsColumnSummary',
  what: 'resultsColumnWhat',
  at: 'resultsColumnAt',
  observation: 'resultsColumnObservation',
  txHash: 'resultsColumnTxHash',
  runRef: 'resultsColumnRunRef',
  stepRef: 'resultsColumnStepRef',
  holder: 'resultsColumnHolder',
  token: 'resultsColumnToken',
  amount: 'resultsColumnAmount',
};
const heading = (column: string) => {
  const key = Object.hasOwn(COLUMNS, column) ? COLUMNS[column] : undefined;
  return key === undefined ? column : message(key);
};

/**
 * A read's results as a table (never prose to parse): one column per field, headers a screen reader announces.
 * Addresses and digests are shortened with a copy button; in a narrow side panel each row folds into a card whose
 * cells carry their column's name (`data-label`, see faces.css), so no table is wider than the panel. Headers are
 * the fields' names in words, from the catalogue.
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
                {heading(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((column) => (
                <td key={column} data-label={heading(column)}>
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
