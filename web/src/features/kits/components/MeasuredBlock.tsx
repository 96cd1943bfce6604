import { AsOf, ProvenanceBadge } from '@/components/ui/Provenance'
import { formatUsd } from '@/lib/money'
import type { MeasuredFigures } from '@/lib/api-types.gen'

const count = new Intl.NumberFormat()

/**
 * What SponsorBridge measured from the member's completed deals (read-only: no member sets these):
 * deals, money received, on-time share, reach. Shown the same in the editor and on the public page.
 */
export function MeasuredBlock({ measured, headingLevel = 2 }: { measured: MeasuredFigures; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const
  const rows: [string, string][] = [
    ['Completed deals', count.format(measured.deals.value)],
    ['Received', formatUsd(measured.amountReceived.value)],
    ['Delivered on time', measured.onTimeShare ? `${Math.round(measured.onTimeShare.value)}%` : 'No due dates yet'],
    ['Largest reach of a deal', `${count.format(measured.reachLargest.value)} unique visitors`],
    ['Total reach', `${count.format(measured.reachTotal.value)} unique visitors`],
  ]
  return (
    <section aria-labelledby="kit-measured" className="rounded-box border border-success/40 bg-success/5 p-4 break-inside-avoid">
      <div className="flex flex-wrap items-center gap-2">
        <Heading id="kit-measured" className="text-base font-semibold">
          Measured by SponsorBridge
        </Heading>
        <ProvenanceBadge provenance="measured" />
        <AsOf asOf={measured.deals.asOf} stale={false} />
      </div>
      <p className="mt-1 text-sm text-base-content/75">
        Computed from completed deals on SponsorBridge (disputed deals left out), and from the visitors of their tracked links. Nobody can
        edit these.
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 print:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-field bg-base-100 p-2.5">
            <dt className="text-xs text-base-content/75">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
