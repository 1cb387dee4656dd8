import type { ReactNode } from 'react';

interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
  className?: string;
}

/** The admin console's one table: a header row and a row per record, cells given per column. */
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
    <table className="admin-table">
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
              <td key={column.header} className={column.className}>
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
