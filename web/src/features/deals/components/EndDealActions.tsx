import { Button } from '@/components/ui/Button'
import type { Deal } from '@/lib/api-types.gen'

/** Cancel (or ask to cancel, once the money moved) and raise a dispute, while the deal is under way. */
export function EndDealActions({ deal, onCancel, onDispute }: { deal: Deal; onCancel: () => void; onDispute: () => void }) {
  const s = deal.status
  const changeable = s === 'negotiating' || s === 'agreed' || s === 'funded'
  const moneyMoved = s === 'funded' || s === 'delivered'
  if (!changeable && s !== 'delivered') return null
  return (
    <section aria-labelledby="end-heading" className="flex flex-wrap items-center gap-3">
      <h2 id="end-heading" className="sr-only">
        Cancel or dispute
      </h2>
      {!(moneyMoved && deal.cancelRequestedBy) && (
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {moneyMoved ? 'Ask to cancel' : 'Cancel deal'}
        </Button>
      )}
      {moneyMoved && (
        <Button size="sm" variant="ghost" onClick={onDispute}>
          Raise a dispute
        </Button>
      )}
    </section>
  )
}
