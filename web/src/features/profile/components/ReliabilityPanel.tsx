import { Stars } from '@/components/ui/Stars'
import type { Reliability } from '@/lib/api-types.gen'
import { formatRating, ratingLabel, reviewCount } from '@/lib/rating'
import { reliabilityTexts } from '../texts'

/**
 * What a member's deals say of them, defined where it is shown: completed deals, the completion
 * rate (completed ÷ funded: deals where the money moved and that were then completed), and the
 * rating (the average of the shown reviews about them).
 */
export function ReliabilityPanel({ reliability }: { reliability: Reliability }) {
  const { fundedDeals: funded, completedDeals: completed, rating, ratingCount } = reliability
  const rate = funded > 0 ? Math.round((completed / funded) * 100) : null
  return (
    <section aria-labelledby="reliability" className="rounded-box border border-base-300 px-4 py-3" data-testid="reliability">
      <h2 id="reliability" className="text-sm font-semibold">
        Reliability
      </h2>
      <dl className="mt-1 flex flex-wrap items-center gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-base-content/75">Completed deals</dt>
          <dd className="font-medium">{completed}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-base-content/75">Completion rate</dt>
          <dd className="font-medium">{rate === null ? 'no funded deal yet' : `${rate}%`}</dd>
        </div>
        {/* on a phone the value moves under "Rating" whole, the stars beside their words */}
        <div className="flex flex-wrap items-center gap-x-1 gap-y-0.5">
          <dt className="text-base-content/75">Rating</dt>
          <dd className="flex items-center gap-1.5 font-medium" data-testid="rating">
            {ratingCount > 0 ? (
              <>
                <Stars rating={rating} label={ratingLabel(rating)} size="xs" />
                <span>{reliabilityTexts.rating(formatRating(rating), reviewCount(ratingCount))}</span>
              </>
            ) : (
              reliabilityTexts.noReviews
            )}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-base-content/70">{reliabilityTexts.rateDefinition}</p>
      <p className="mt-0.5 text-xs text-base-content/70">{reliabilityTexts.ratingDefinition}</p>
    </section>
  )
}
