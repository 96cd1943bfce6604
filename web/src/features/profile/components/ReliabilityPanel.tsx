import type { Reliability } from '@/lib/api-types.gen'

/**
 * What a member's deals say of them, defined where it is shown: completed deals, and the completion
 * rate (completed ÷ funded: deals where the money moved and that were then completed).
 */
export function ReliabilityPanel({ reliability }: { reliability: Reliability }) {
  const { fundedDeals: funded, completedDeals: completed } = reliability
  const rate = funded > 0 ? Math.round((completed / funded) * 100) : null
  return (
    <section aria-labelledby="reliability" className="rounded-box border border-base-300 px-4 py-3" data-testid="reliability">
      <h2 id="reliability" className="text-sm font-semibold">
        Reliability
      </h2>
      <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-base-content/75">Completed deals</dt>
          <dd className="font-medium">{completed}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-base-content/75">Completion rate</dt>
          <dd className="font-medium">{rate === null ? 'no funded deal yet' : `${rate}%`}</dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-base-content/70">
        Completion rate: of the deals where the money moved, the share completed. Counted on SponsorBridge as deals happen.
      </p>
    </section>
  )
}
