import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ReviewItem } from '@/lib/api-types.gen'
import type { ListPage } from '@/lib/list-page'
import { offerApplicationsPrefix } from './list-offer-applications'

function shortlist(id: string, shortlisted: boolean) {
  return api('POST /api/applications/{id}/shortlist', { params: { id }, body: { shortlisted } })
}

type Pages = InfiniteData<ListPage<ReviewItem>>

/** Sets one application's star in every cached page of its offer (a compare's answer is left alone). */
function setStar(data: unknown, id: string, shortlisted: boolean): unknown {
  const pages = data as Pages | undefined
  if (!pages?.pages) return data
  return {
    ...pages,
    pages: pages.pages.map((p) => ({ ...p, items: p.items.map((a) => (a.id === id ? { ...a, shortlisted } : a)) })),
  }
}

/**
 * The poster's star (the applicant never learns of it): shown at once, put back with a toast if the
 * server refuses; the lists are read again afterwards (the "shortlisted only" filter may drop a card).
 */
export function useShortlist(offerId: string) {
  const queryClient = useQueryClient()
  const prefix = offerApplicationsPrefix(offerId)
  return useMutation({
    mutationFn: ({ id, shortlisted }: { id: string; shortlisted: boolean }) => shortlist(id, shortlisted),
    onMutate: async ({ id, shortlisted }) => {
      await queryClient.cancelQueries({ queryKey: prefix })
      queryClient.setQueriesData({ queryKey: prefix }, (data: unknown) => setStar(data, id, shortlisted))
    },
    onError: (_error, { id, shortlisted }) => {
      queryClient.setQueriesData({ queryKey: prefix }, (data: unknown) => setStar(data, id, !shortlisted))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: prefix }),
  })
}
