import type { ReactNode } from 'react'
import { overviewTexts as t } from '../texts'

/**
 * One chart of the overview in its card: the heading and what it counts, the chart (a canvas named
 * for screen readers, which read the table instead), and its figures in a "Show as table" disclosure.
 */
export function ChartCard({
  id,
  title,
  description,
  legend,
  chart,
  table,
}: {
  id: string
  title: string
  description: string
  /** What the series are, said in words (and badges) above the chart. */
  legend?: ReactNode
  chart: ReactNode
  table: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="card min-w-0 border border-base-300 bg-base-100 shadow-sm"
      data-testid={`chart-${id}`}
    >
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className="space-y-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-base-content/75">{description}</p>
          {legend}
        </div>
        <div className="relative h-60 w-full sm:h-72">{chart}</div>
        <details className="group rounded-box border border-base-300">
          <summary className="cursor-pointer rounded-box px-3 py-2 text-sm font-medium hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-primary">
            {t.showTable}
          </summary>
          <div className="border-t border-base-300 p-2">{table}</div>
        </details>
      </div>
    </section>
  )
}
