import { Stars } from '@/components/ui/Stars'
import type { Reliability } from '@/lib/api-types.gen'
import { formatRating, ratingLabel, reliableMeaning, reviewCount } from '@/lib/rating'
import { duration } from '../duration'
import { reliabilityTexts } from '../texts'

/**
 * What a member's deals say of them, defined where it is shown: completed deals, the completion
 * rate (completed ÷ funded: deals where the money moved and that were then completed), and the
 * rating (the average of the shown reviews about them), and what the "Reliable poster" mark does and does not prove.
 */
export function ReliabilityPanel({ reliability }: { reliability: Reliability }) {
  const { fundedDeals: funded, completedDeals: completed, rating, ratingCount, medianAnswerSeconds, answerCount, reliable } = reliability
  const rate = funded > 0 ? Math.round((completed / funded) * 100) : null
  return (
    <section aria-labelledby="reliability" className="rounded-box border border-base-300 px-4 py-3" data-testid="reliability">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="reliability" className="text-sm font-semibold">
          Reliability
        </h2>
        {reliable && (
          <span
            className="rounded-full border border-green-300 bg-green-100 px-2 text-xs font-medium text-green-800"
            title={reliableMeaning}
            data-testid="reliable-poster"
          >
            {reliabilityTexts.reliable}
          </span>
        )}
      </div>
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
        <div className="flex gap-1">
          <dt className="text-base-content/75">Time to answer</dt>
          <dd className="font-medium" data-testid="answer-time">
            {answerCount > 0 ? reliabilityTexts.answers(duration(medianAnswerSeconds), answerCount) : reliabilityTexts.noAnswers}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-base-content/70">{reliabilityTexts.rateDefinition}</p>
      <p className="mt-0.5 text-xs text-base-content/70">{reliabilityTexts.answerDefinition}</p>
      <p className="mt-0.5 text-xs text-base-content/70">{reliabilityTexts.ratingDefinition}</p>
      <p className="mt-0.5 text-xs text-base-content/70">{reliableMeaning}</p>
    </section>
  )
}
