import { useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/Button'
import { InfoIcon } from '@/components/ui/icons'
import { ReasonDialog } from '@/components/ui/ReasonDialog'
import { Stars } from '@/components/ui/Stars'
import { ApiError, errorMessage } from '@/lib/api'
import type { Deal, Review } from '@/lib/api-types.gen'
import { formatDate } from '@/lib/dates'
import { ratingLabel } from '@/lib/rating'
import { toast } from '@/lib/toast'
import { useReplyToReview } from '../api/reviews'
import { REVIEW_MAX } from '../schemas'
import { reviewTexts } from '../texts'
import { ReviewForm } from './ReviewForm'

/** One review on the deal's page: whose, the stars, the text, a note under it and the reply. */
function ReviewItem({
  heading,
  review,
  note,
  replyHeading,
  action,
  testId,
}: {
  heading: string
  review: Review
  note?: ReactNode
  replyHeading: string
  action?: ReactNode
  testId: string
}) {
  return (
    <article className="space-y-2 rounded-box bg-base-200 px-4 py-3" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold">{heading}</h3>
        <time className="text-sm text-base-content/75" dateTime={review.createdAt}>
          {formatDate(review.createdAt)}
        </time>
      </div>
      <Stars rating={review.rating} label={ratingLabel(review.rating)} />
      {review.body ? (
        <p className="break-words whitespace-pre-line">{review.body}</p>
      ) : (
        <p className="text-sm text-base-content/75 italic">{reviewTexts.hiddenMine}</p>
      )}
      {note && <p className="text-sm text-base-content/75">{note}</p>}
      {review.reply && (
        <div className="border-l-2 border-primary/50 pl-3" data-testid="review-reply">
          <p className="text-sm font-medium">
            {replyHeading}
            {review.repliedAt && (
              <>
                {' '}
                · <time dateTime={review.repliedAt}>{formatDate(review.repliedAt)}</time>
              </>
            )}
          </p>
          <p className="text-sm break-words whitespace-pre-line">{review.reply}</p>
        </div>
      )}
      {action}
    </article>
  )
}

/**
 * The deal's reviews (docs/api/deals.md, "Reviews"), as the member sees them: the form while they
 * may write theirs, their own review (and when the other side reads it), the other side's once shown
 * with Reply for the reviewed member, or when reviews open.
 */
export function ReviewsCard({ deal, meId, otherName }: { deal: Deal; meId: string; otherName: string }) {
  const reviews = deal.reviews
  const reply = useReplyToReview(deal.id)
  const [replying, setReplying] = useState(false)
  if (!reviews) return null
  const { open, opensAt, mine, theirs, theirsWritten } = reviews

  let closed = null
  if (!open && !mine && !theirs) {
    closed = opensAt
      ? reviewTexts.opensOn(formatDate(opensAt))
      : deal.status === 'cancelled'
        ? reviewTexts.cancelled
        : reviewTexts.opensOnCompletion
  }

  let mineNote = null
  if (mine && mine.body && !theirs) {
    mineNote =
      new Date(mine.visibleAt) > new Date() ? reviewTexts.blind(otherName, formatDate(mine.visibleAt)) : reviewTexts.shown(otherName)
  }

  return (
    <section aria-labelledby="reviews-heading" className="card border border-base-300 bg-base-100 shadow-sm" data-testid="deal-reviews">
      <div className="card-body gap-3 p-5">
        <h2 id="reviews-heading" className="text-lg font-semibold">
          {reviewTexts.heading}
        </h2>
        {closed && <p className="text-sm text-base-content/75">{closed}</p>}
        {theirsWritten && !theirs && (
          <p className="flex items-start gap-2 rounded-box border border-primary/40 px-4 py-3 text-sm" data-testid="theirs-written">
            <InfoIcon className="mt-0.5 size-4 shrink-0" />
            <span>{reviewTexts.theirsWritten(otherName)}</span>
          </p>
        )}
        {open && (
          <>
            {!theirsWritten && <p className="text-sm text-base-content/75">{reviewTexts.intro(otherName)}</p>}
            <ReviewForm dealId={deal.id} otherName={otherName} theirsWritten={theirsWritten} />
          </>
        )}
        {theirs && (
          <ReviewItem
            testId="review-theirs"
            heading={reviewTexts.theirs(otherName)}
            review={theirs}
            replyHeading={reviewTexts.yourReply}
            action={
              theirs.subject.id === meId &&
              !theirs.reply && (
                <div>
                  <Button size="sm" variant="outline" onClick={() => setReplying(true)}>
                    {reviewTexts.reply}
                  </Button>
                </div>
              )
            }
          />
        )}
        {mine && (
          <ReviewItem
            testId="review-mine"
            heading={reviewTexts.mine}
            review={mine}
            note={mineNote}
            replyHeading={reviewTexts.replyFrom(otherName)}
          />
        )}
        {mine && !theirs && !theirsWritten && <p className="text-sm text-base-content/75">{reviewTexts.waitingTheirs(otherName)}</p>}
      </div>
      <ReasonDialog
        open={replying}
        onClose={() => setReplying(false)}
        title={reviewTexts.replyTitle(otherName)}
        description={reviewTexts.replyDescription}
        label={reviewTexts.yourReply}
        noun="Reply"
        requiredMessage={reviewTexts.replyRequired}
        max={REVIEW_MAX}
        submitLabel={reviewTexts.replySubmit}
        closeLabel="Back"
        pending={reply.isPending}
        onSubmit={async (body, setError) => {
          try {
            await reply.mutateAsync({ reviewId: theirs?.id ?? '', body })
            toast({ title: reviewTexts.replied, variant: 'success' })
            return true
          } catch (error) {
            if (error instanceof ApiError && error.fieldErrors.body) {
              setError(error.fieldErrors.body)
              return false
            }
            toast({ title: reviewTexts.failed, description: errorMessage(error), variant: 'destructive' })
            return error instanceof ApiError && error.status === 409
          }
        }}
      />
    </section>
  )
}
