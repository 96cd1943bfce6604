import { formatUsdCents } from '@/lib/money'
import type { ImpactReport as Report } from '@/lib/api-types.gen'
import { MeasuredTag, Section } from './Section'
import { reportTexts } from './texts'

/** A whole percentage as the server answers it (0–100). */
const percent = (share: number) => `${share}%`

/** Where this deal stands among comparable counted deals (same category, same amount band), or why it cannot say yet. */
export function BenchmarkSection({ report }: { report: Report }) {
  const b = report.benchmark
  return (
    <Section title={reportTexts.benchmark} aside={<MeasuredTag />} testId="report-benchmark">
      {!b.enough ? (
        <p className="text-sm text-base-content/80">{reportTexts.notEnough(report.category || 'this category', b.band)}</p>
      ) : (
        <>
          <p className="text-sm text-base-content/75">
            {b.comparable} completed deals in {report.category} of {b.band}.
          </p>
          <dl className="grid gap-3 sm:grid-cols-2">
            {b.onTimeShare && (
              <div className="rounded-box bg-base-200 px-4 py-3">
                <dt className="text-sm text-base-content/80">Delivered on time</dt>
                <dd className="text-xl font-bold">
                  {percent(b.onTimeShare.this)} <span className="text-sm font-normal">(median {percent(b.onTimeShare.median)})</span>
                </dd>
                <dd className="text-sm">Better than or equal to {b.onTimeShare.betterThan}% of them</dd>
              </div>
            )}
            {b.costPerAttendee && (
              <div className="rounded-box bg-base-200 px-4 py-3">
                <dt className="text-sm text-base-content/80">Cost per attendee</dt>
                <dd className="text-xl font-bold">
                  {formatUsdCents(b.costPerAttendee.this)}{' '}
                  <span className="text-sm font-normal">(median {formatUsdCents(b.costPerAttendee.median)})</span>
                </dd>
              </div>
            )}
          </dl>
        </>
      )}
    </Section>
  )
}
