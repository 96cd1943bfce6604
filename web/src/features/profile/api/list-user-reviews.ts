import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { Review } from '@/lib/api-types.gen'
import { fetchPage, type ListPage } from '@/lib/list-page'
import { memberKey } from '@/lib/query-keys'

type ReviewsPage = ListPage<Review>

/** GET /api/users/{id}/reviews?page=: the shown reviews about a member, newest first (administrators get the hidden ones too). */
export function userReviewsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: [...memberKey(userId), 'reviews'],
    queryFn: ({ pageParam, signal }) =>
      fetchPage('GET /api/users/{id}/reviews', { params: { id: userId }, query: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last: ReviewsPage) => (last.hasMore ? last.page + 1 : undefined),
  })
}

export function useUserReviews(userId: string) {
  return useInfiniteQuery(userReviewsQueryOptions(userId))
}
