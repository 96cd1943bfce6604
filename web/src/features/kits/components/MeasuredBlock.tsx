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
  const visitors = 'unique visitors'
  const rows: [label: string, value: string, unit?: string][] = [
    ['Completed deals', count.format(measured.deals.value)],
    ['Received', formatUsd(measured.amountReceived.value)],
    measured.onTimeShare
      ? ['Delivered on time', `${Math.round(measured.onTimeShare.value)}%`]
      : ['Delivered on time', '—', 'no due dates yet'],
    ['Largest reach of a deal', count.format(measured.reachLargest.value), visitors],
    ['Total reach', count.format(measured.reachTotal.value), visitors],
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
      <dl className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-2">
        {rows.map(([label, value, unit]) => (
          <div key={label} className="rounded-field border border-base-300 bg-base-100 p-2.5">
            <dt className="text-xs text-base-content/75">{label}</dt>
            <dd>
              <span className="text-lg font-semibold tabular-nums">{value}</span>
              {unit && <span className="block text-xs text-base-content/75">{unit}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
