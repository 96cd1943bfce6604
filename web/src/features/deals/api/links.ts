import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ApiBody } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

/** A deal's tracked links with their counts (GET /api/deals/{id}/links; docs/api/proof-of-value.md, "Tracked links"). */
function linksQueryOptions(dealId: string) {
  return queryOptions({
    queryKey: [...queryKeys.deals, 'links', dealId],
    queryFn: ({ signal }) => api('GET /api/deals/{id}/links', { params: { id: dealId }, signal }),
    // Visits come in with no event to tell the page: read again whenever the deal's page shows them.
    staleTime: 0,
  })
}

export function useTrackedLinks(dealId: string, enabled = true) {
  return useQuery({ ...linksQueryOptions(dealId), enabled })
}

/** POST /api/deals/{id}/links: a short link for a deliverable's link; it joins the list at once. */
export function useCreateLink(dealId: string) {
  const queryClient = useQueryClient()
  const key = linksQueryOptions(dealId).queryKey
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/deals/{id}/links'>) => api('POST /api/deals/{id}/links', { params: { id: dealId }, body }),
    onSuccess: (link) => queryClient.setQueryData(key, (links) => (links ? [...links, link] : [link])),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}
