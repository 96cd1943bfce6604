import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ApiBody, Deal, DealReviews } from '@/lib/api-types.gen'
import { dealQueryOptions } from './deals'
import { queryKeys } from '@/lib/query-keys'

const noReviews: DealReviews = { open: false, opensAt: '', mine: null, theirs: null, theirsWritten: false }

function setReviews(queryClient: QueryClient, dealId: string, change: (r: DealReviews) => DealReviews) {
  queryClient.setQueryData(dealQueryOptions(dealId).queryKey, (deal: Deal | undefined) =>
    deal ? { ...deal, reviews: change(deal.reviews ?? noReviews) } : deal,
  )
}

/** A review or a reply can change a rating and a profile's reviews: the member's and the other side's. */
function refreshAfterReview(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.deals })
  void queryClient.invalidateQueries({ queryKey: queryKeys.users })
  void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser })
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications })
}

/**
 * POST /api/deals/{id}/review: the member reviews the other side, once. The answer is the member's
 * review, shown at once; the deal is read again for the other side's, shown now if they had written.
 */
export function usePostReview(dealId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ApiBody<'POST /api/deals/{id}/review'>) =>
      api('POST /api/deals/{id}/review', { params: { id: dealId }, body: input }),
    onSuccess: (review) => setReviews(queryClient, dealId, (r) => ({ ...r, open: false, opensAt: '', mine: review })),
    onSettled: () => refreshAfterReview(queryClient),
  })
}

/** POST /api/reviews/{id}/reply: the reviewed member answers a shown review, once. */
export function useReplyToReview(dealId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId: string; body: string }) =>
      api('POST /api/reviews/{id}/reply', { params: { id: reviewId }, body: { body } }),
    onSuccess: (review) => setReviews(queryClient, dealId, (r) => (r.theirs?.id === review.id ? { ...r, theirs: review } : r)),
    onSettled: () => refreshAfterReview(queryClient),
  })
}
