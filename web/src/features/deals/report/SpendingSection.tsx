import { formatUsd } from '@/lib/money'
import type { ImpactReport as Report } from '@/lib/api-types.gen'
import { Section, StateBadge } from './Section'
import { reportTexts } from './texts'

/** "$n unaccounted", or that every dollar is: what the spending lines leave of the amount. */
export function Unaccounted({ amount }: { amount: number }) {
  return amount > 0 ? (
    <StateBadge tone="warning" testId="unaccounted">
      {reportTexts.unaccounted(amount)}
    </StateBadge>
  ) : (
    <span className="text-sm text-base-content/75" data-testid="unaccounted">
      {reportTexts.allAccounted}
    </span>
  )
}

/** How the money was used: the recipient's line items, each with its receipt, and what is unaccounted. */
export function SpendingSection({ report }: { report: Report }) {
  return (
    <Section title={reportTexts.spending} testId="report-spending">
      {report.spending.length === 0 ? (
        <p className="text-sm text-base-content/75">{reportTexts.noSpending}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <thead className="text-base-content/80">
              <tr>
                <th scope="col">Item</th>
                <th scope="col">{reportTexts.receipt}</th>
                <th scope="col" className="text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {report.spending.map((s) => (
                <tr key={s.id} data-testid="report-spending-line">
                  <td className="break-words">{s.label}</td>
                  <td>
                    {s.receipt ? (
                      <a href={s.receipt.url} target="_blank" rel="noopener" className="link link-primary">
                        {s.receipt.name || reportTexts.receipt}
                      </a>
                    ) : (
                      <span className="text-base-content/60">—</span>
                    )}
                  </td>
                  <td className="text-right tabular-nums">{formatUsd(s.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="text-base-content">
              <tr>
                <th scope="row" colSpan={2}>
                  {reportTexts.spent}
                </th>
                <td className="text-right font-semibold tabular-nums">
                  {formatUsd(report.spentTotal)} of {formatUsd(report.amount)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <div>
        <Unaccounted amount={report.unaccounted} />
      </div>
    </Section>
  )
}
