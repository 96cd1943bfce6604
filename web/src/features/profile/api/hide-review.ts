import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { userReviewsQueryOptions } from './list-user-reviews'
import { memberKey, queryKeys } from '@/lib/query-keys'

/**
 * POST /api/admin/reviews/{id}/hide {reason} (administrators): the review leaves the member's rating
 * and, for members, their profile; the answer, marked hidden, replaces it in the list.
 */
export function useHideReview(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) =>
      api('POST /api/admin/reviews/{id}/hide', { params: { id: reviewId }, body: { reason } }),
    onSuccess: (review) =>
      queryClient.setQueryData(userReviewsQueryOptions(userId).queryKey, (data) =>
        data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((r) => (r.id === review.id ? review : r)) })) } : data,
      ),
    onSettled: () => {
      // the rating moves; a review not found (hidden already) shows as it is now
      void queryClient.invalidateQueries({ queryKey: memberKey(userId) })
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser })
    },
  })
}
