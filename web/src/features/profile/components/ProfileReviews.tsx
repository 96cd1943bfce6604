import { lazy, Suspense, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/Button'
import { PersonLink } from '@/components/ui/MemberName'
import { Spinner } from '@/components/ui/Spinner'
import { Stars } from '@/components/ui/Stars'
import type { Review } from '@/lib/api-types.gen'
import { formatDate } from '@/lib/dates'
import { personName } from '@/lib/member'
import { kindOfApiSegment } from '@/lib/listing'
import { listingPath } from '@/lib/paths'
import { ratingLabel } from '@/lib/rating'
import { useUserReviews } from '../api/list-user-reviews'
import { reviewsTexts } from '../texts'

// The administrators' reason form and its libraries load when one opens it.
const HideReviewDialog = lazy(() => import('./HideReviewDialog').then((m) => ({ default: m.HideReviewDialog })))

function ReviewRow({ review, onHide }: { review: Review; onHide?: () => void }) {
  return (
    <li className="space-y-1.5 py-4 first:pt-1 last:pb-1" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <PersonLink person={review.author} />
        <Stars rating={review.rating} label={ratingLabel(review.rating)} size="xs" />
        <time className="text-base-content/75" dateTime={review.createdAt}>
          {formatDate(review.createdAt)}
        </time>
      </div>
      {review.listing.id && (
        <p className="text-sm text-base-content/75">
          {reviewsTexts.on}{' '}
          <Link to={listingPath(kindOfApiSegment(review.listing.kind), review.listing.id)} className="link link-hover break-words">
            {review.listing.title}
          </Link>
        </p>
      )}
      {review.hidden && (
        <p>
          <span className="badge h-auto badge-sm border py-0.5 text-left font-medium break-words whitespace-normal badge-warning">
            {reviewsTexts.hidden(review.hiddenReason)}
          </span>
        </p>
      )}
      <p className={`break-words whitespace-pre-line ${review.hidden ? 'text-base-content/75' : ''}`}>{review.body}</p>
      {review.reply && (
        <div className="mt-2 border-l-2 border-primary/50 pl-3" data-testid="review-reply">
          <p className="text-sm font-medium">
            {reviewsTexts.replyFrom(personName(review.subject))}
            {review.repliedAt && (
              <span className="font-normal text-base-content/75">
                {' '}
                · <time dateTime={review.repliedAt}>{formatDate(review.repliedAt)}</time>
              </span>
            )}
          </p>
          <p className="text-sm break-words whitespace-pre-line">{review.reply}</p>
        </div>
      )}
      {onHide && !review.hidden && (
        <div className="pt-1">
          <Button size="sm" variant="ghost" onClick={onHide} aria-label={`Hide ${personName(review.author)}’s review`}>
            {reviewsTexts.hide}
          </Button>
        </div>
      )}
    </li>
  )
}

/**
 * The reviews about a member (GET /api/users/{id}/reviews), newest first, 20 at a time. Administrators
 * also get the hidden ones, marked, and hide an abusive one with a reason its author reads.
 */
export function ProfileReviews({ userId, isOwn, canHide }: { userId: string; isOwn: boolean; canHide: boolean }) {
  const query = useUserReviews(userId)
  const [hiding, setHiding] = useState<Review | null>(null)
  const reviews = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data])

  let body
  if (query.isPending) {
    body = <Spinner label={reviewsTexts.loading} className="mx-auto loading-md" />
  } else if (query.isError) {
    body = (
      <p role="alert" className="text-sm text-error">
        {reviewsTexts.error}
      </p>
    )
  } else if (reviews.length === 0) {
    body = <p className="text-sm text-base-content/75">{isOwn ? reviewsTexts.emptyOwn : reviewsTexts.empty}</p>
  } else {
    body = (
      <>
        <ul className="divide-y divide-base-300" data-testid="reviews">
          {reviews.map((r) => (
            <ReviewRow key={r.id} review={r} onHide={canHide ? () => setHiding(r) : undefined} />
          ))}
        </ul>
        {query.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? reviewsTexts.loadingMore : reviewsTexts.loadMore}
            </Button>
          </div>
        )}
        {query.isFetchNextPageError && (
          <p role="alert" className="text-sm text-error">
            {reviewsTexts.error}
          </p>
        )}
      </>
    )
  }

  return (
    <section aria-labelledby="reviews" className="card border border-base-300 bg-base-100 shadow-sm" data-testid="profile-reviews">
      <div className="card-body gap-3 p-5">
        <h2 id="reviews" className="text-lg font-semibold">
          {reviewsTexts.heading}
        </h2>
        {body}
      </div>
      {hiding && (
        <Suspense fallback={null}>
          <HideReviewDialog userId={userId} review={hiding} onClose={() => setHiding(null)} />
        </Suspense>
      )}
    </section>
  )
}
