import type { ReactNode } from 'react';
import { ScrollRegion } from './ScrollRegion';
import { TableHead } from './TableHead';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes of the column's cells (e.g. 'whitespace-nowrap'). */
  className?: string;
}

interface Props<T> {
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  columns: Column<T>[];
  actions?: (row: T) => ReactNode;
}

/**
 * A table from 768px up; below that each row becomes a card with its own labels, so a 360px screen
 * needs no sideways scrolling.
 */
export function DataTable<T>({ label, rows, rowKey, columns, actions }: Props<T>) {
  const [first, ...rest] = columns;
  return (
    <>
      <div className="hidden md:block">
        <ScrollRegion label={label}>
          <table className="w-full text-left text-sm">
            <TableHead headers={columns.map((c) => c.header)} hasActions={actions !== undefined} />
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((c, i) => (
                    <td
                      key={c.header}
                      className={`px-4 py-3 ${i === 0 ? 'font-medium text-slate-900' : 'text-slate-700'} ${c.className ?? ''}`}
                    >
                      {c.cell(row)}
                    </td>
                  ))}
                  {actions && <td className="px-4 py-2">{actions(row)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
      <ul className="space-y-3 md:hidden" aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-2xl border border-slate-200 bg-white p-4">
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 font-semibold break-words text-slate-900">{first?.cell(row)}</p>
              {actions?.(row)}
            </div>
            <dl className="mt-2 space-y-1 text-sm">
              {rest.map((c) => (
                <div key={c.header} className="flex justify-between gap-3">
                  <dt className="text-slate-600">{c.header}</dt>
                  <dd className="min-w-0 text-right break-words text-slate-900">{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
