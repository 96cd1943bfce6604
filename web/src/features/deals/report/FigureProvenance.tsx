import { formatDate } from '@/lib/dates'
import type { ReportFigure } from '../api/report-routes.tmp'

// TEMPORARY until W1's components/ui/Provenance.tsx lands (h-w1): then that badge is used here.
const labels = { self: 'Self-reported', evidenced: 'Evidenced', measured: 'Measured' } as const

export function FigureProvenance({ figure }: { figure: Pick<ReportFigure, 'provenance' | 'asOf' | 'stale' | 'evidence'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-sm">
      <span className="badge badge-sm badge-soft">{labels[figure.provenance]}</span>
      <span className={figure.stale ? 'text-warning' : 'text-base-content/75'}>
        {figure.stale ? `Stale: as of ${formatDate(figure.asOf, 'UTC')}` : `as of ${formatDate(figure.asOf, 'UTC')}`}
      </span>
      {figure.evidence && (
        <a href={figure.evidence.url} className="link link-primary" target="_blank" rel="noopener">
          {figure.evidence.name}
        </a>
      )}
    </span>
  )
}
