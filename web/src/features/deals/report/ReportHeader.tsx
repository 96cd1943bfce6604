import type { ImpactReport as Report } from '@/lib/api-types.gen'
import { formatDate } from '@/lib/dates'
import { formatUsd } from '@/lib/money'
import { PersonLink } from '@/components/ui/MemberName'
import { StateBadge } from './Section'
import { reportTexts } from './texts'

/**
 * The report's title block: the listing, the amount, who gave it to whom (profile links; names alone
 * on a shared report, which carries no member ids), when it completed, and its state.
 */
export function ReportHeader({ report }: { report: Report }) {
  const published = report.status === 'published'
  return (
    <header className="space-y-2">
      <p className="text-sm font-semibold tracking-wide text-base-content/75 uppercase">{reportTexts.heading}</p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-words sm:text-3xl">{report.listing.title}</h1>
        <StateBadge tone={published ? 'success' : 'warning'} testId="report-status">
          {published ? reportTexts.status.published : reportTexts.status.draft}
        </StateBadge>
      </div>
      <p className="text-base-content/80">
        <span className="text-lg font-semibold text-base-content">{formatUsd(report.amount)}</span> from{' '}
        <PersonLink person={report.sponsor} /> (sponsor) to <PersonLink person={report.recipient} /> (recipient) · completed{' '}
        {formatDate(report.completedAt)}
        {published && report.publishedAt ? ` · published ${formatDate(report.publishedAt)}` : ''}
      </p>
    </header>
  )
}
