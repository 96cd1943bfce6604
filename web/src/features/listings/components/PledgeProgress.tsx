import { useId } from 'react'
import type { SponsorshipRequest } from '@/lib/listing'
import { pledgeSummary } from '../pledge-summary'

/** A request's pledges: the summary line and a progress bar labelled by it. */
export function PledgeProgress({ item, className = '' }: { item: SponsorshipRequest; className?: string }) {
  const id = useId()
  const pledged = item.pledgedAmount ?? 0
  return (
    <div className={`flex flex-col gap-1 ${className}`} data-testid="pledge-progress">
      <p id={id} className="text-sm text-base-content/80">
        {pledgeSummary(pledged, item.requestedAmount, item.sponsorCount ?? 0)}
      </p>
      <progress
        className="progress progress-primary h-2 w-full"
        value={Math.min(pledged, item.requestedAmount)}
        max={item.requestedAmount}
        aria-labelledby={id}
      />
    </div>
  )
}
