import type { ImpactReport as Report } from '@/lib/api-types.gen'
import { MeasuredTag, Section } from './Section'
import { reportTexts } from './texts'

/** The deal's tracked links with what SponsorBridge counted on each, and their totals. */
export function LinksSection({ report }: { report: Report }) {
  if (report.links.length === 0) return null
  const titleOf = new Map(report.deliverables.map((d) => [d.id, d.title]))
  return (
    <Section title={reportTexts.links} aside={<MeasuredTag />} testId="report-links">
      <p className="text-sm text-base-content/75">{reportTexts.linkHelp}</p>
      <div className="overflow-x-auto">
        <table className="table table-sm">
          <thead className="text-base-content/80">
            <tr>
              <th scope="col">Link</th>
              <th scope="col" className="text-right">
                {reportTexts.visits}
              </th>
              <th scope="col" className="text-right">
                {/* the short word on a phone, so that the table fits its width */}
                <span className="sm:hidden">{reportTexts.unique}</span>
                <span className="hidden sm:inline">{reportTexts.uniqueVisitors}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {report.links.map((l) => (
              <tr key={l.code} data-testid="report-link">
                <td className="max-w-[11rem] sm:max-w-xs">
                  <a href={l.target} target="_blank" rel="noopener noreferrer nofollow" className="link link-hover block truncate">
                    {l.target}
                  </a>
                  <span className="text-xs text-base-content/75">
                    {l.url}
                    {l.deliverable && titleOf.has(l.deliverable) ? ` · ${titleOf.get(l.deliverable)}` : ''}
                  </span>
                </td>
                <td className="text-right tabular-nums">{l.visits.toLocaleString()}</td>
                <td className="text-right tabular-nums">{l.uniqueVisitors.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="text-base-content">
            <tr>
              <th scope="row">{reportTexts.total}</th>
              <td className="text-right font-semibold tabular-nums" data-testid="report-link-visits">
                {report.linkTotals.visits.toLocaleString()}
              </td>
              <td className="text-right font-semibold tabular-nums" data-testid="report-link-unique">
                {report.linkTotals.uniqueVisitors.toLocaleString()}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </Section>
  )
}
