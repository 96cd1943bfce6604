import { listingRoutes, type ListingKind } from '@/lib/listing'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

const routes = listingRoutes

/** PATCH a listing (docs/api/README.md): the poster's edit; the lists and the listing's page refresh. */
export function useUpdateListing(kind: ListingKind, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: Record<string, unknown>) => api(`PATCH ${routes[kind]}/{id}` as const, { params: { id }, body: payload }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: kind === 'sponsorships' ? queryKeys.sponsorships : queryKeys.sponsorshipRequests }),
  })
}
