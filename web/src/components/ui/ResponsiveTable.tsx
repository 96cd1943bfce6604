import { Fragment, type ReactNode } from 'react'
import { TableScroller } from './TableScroller'

/** One column: its header, and what a row shows under it. */
export interface Column<T> {
  header: string
  cell: (row: T) => ReactNode
  /** Classes of the table's cell (not of the phone's card). */
  className?: string
}

/**
 * A table on a tablet or a computer, and on a phone (under 640 px) one card per row with each column's
 * header beside its value: a phone shows every column whole, nothing wraps letter by letter or hides
 * past the screen's edge. The columns are written once for both. Only one of the two is displayed
 * (the other is `display: none`, so out of the accessibility tree too).
 */
export function ResponsiveTable<T>({
  label,
  caption,
  rows,
  rowKey,
  columns,
}: {
  /** The table's name: its scroller's region, and the phone's list. */
  label: string
  caption?: string
  rows: T[]
  rowKey: (row: T) => string
  columns: Column<T>[]
}) {
  return (
    <>
      <ul aria-label={label} className="space-y-2 sm:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-box border border-base-300 bg-base-100 px-4 py-3 text-sm">
            <dl className="grid grid-cols-[minmax(0,6.5rem)_minmax(0,1fr)] gap-x-3 gap-y-1.5">
              {columns.map((c) => (
                <Fragment key={c.header}>
                  <dt className="text-base-content/75">{c.header}</dt>
                  <dd className="min-w-0 break-words">{c.cell(row)}</dd>
                </Fragment>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <TableScroller label={`${label} table`} className="hidden sm:block">
        <table className="table table-sm">
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className="text-base-content/80">
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.header} className={c.className}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </>
  )
}
