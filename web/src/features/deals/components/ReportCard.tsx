import { Link } from 'react-router'
import { buttonClass } from '@/components/ui/button-class'
import type { Deal } from '@/lib/api-types.gen'
import { reportPath } from '@/lib/paths'
import { useReport } from '../api/report'
import { StateBadge } from '../report/Section'
import { reportTexts } from '../report/texts'

/**
 * A completed deal's impact report, from the deal's page: its state (Draft, Published) and the way
 * to it; the recipient's call to write it while nothing is written.
 */
export function ReportCard({ deal, meId }: { deal: Deal; meId: string }) {
  const completed = deal.status === 'completed'
  const query = useReport(deal.id, completed)
  if (!completed) return null
  const report = query.data
  const recipient = deal.recipient.id === meId
  const published = report?.status === 'published'
  const written = !!report && (report.figures.length > 0 || report.spending.length > 0 || report.summary !== '')
  const callToWrite = recipient && report && !published && !written

  let text: string = reportTexts.cardLoading
  if (report) {
    if (published) text = recipient ? reportTexts.cardPublishedRecipient : reportTexts.cardPublishedSponsor
    else text = recipient ? reportTexts.cardDraftRecipient : reportTexts.cardDraftSponsor
  } else if (query.isError) text = reportTexts.cardError

  return (
    <section aria-labelledby="report-card-heading" className="card border border-base-300 bg-base-100 shadow-sm" data-testid="report-card">
      <div className="card-body gap-3 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="report-card-heading" className="flex items-center gap-2 text-lg font-semibold">
            {reportTexts.heading}
            {report && (
              <StateBadge tone={published ? 'success' : 'warning'}>
                {published ? reportTexts.status.published : reportTexts.status.draft}
              </StateBadge>
            )}
          </h2>
          {callToWrite ? (
            <Link to={reportPath(deal.id, true)} className={buttonClass({ size: 'sm' })}>
              {reportTexts.write}
            </Link>
          ) : (
            <Link to={reportPath(deal.id)} className={buttonClass({ size: 'sm', variant: 'outline' })}>
              {reportTexts.open}
            </Link>
          )}
        </div>
        <p className="text-sm text-base-content/75">{text}</p>
      </div>
    </section>
  )
}
