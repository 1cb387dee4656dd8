import type { ReactNode } from 'react';

interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
  className?: string;
}

/**
 * The admin console's one table: a header row and a row per record, cells given per column. Below 768 px
 * its rows are cards, each value labelled by its column's header.
 */
export function AdminTable<T>({
  rows,
  rowKey,
  columns,
  footer,
}: {
  rows: T[];
  rowKey(row: T): string | number;
  columns: Column<T>[];
  footer?: ReactNode;
}) {
  return (
    // A phone shows each row as a card of labelled values; a table with a footer (totals) scrolls instead.
    <table className={footer ? 'admin-table' : 'admin-table admin-table-stack'}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.header} className={column.className} data-label={column.header}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </table>
  );
}
