import { type ListingKind } from '@/lib/listing'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import { listingKinds } from '@/lib/api-types.gen'

/** PATCH a listing (docs/api/README.md): the poster's edit; the lists and the listing's page refresh. */
export function useUpdateListing(kind: ListingKind, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: Record<string, unknown>) =>
      api(`PATCH ${listingKinds[kind].api}/{id}` as const, { params: { id }, body: payload }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: kind === 'sponsorships' ? queryKeys.sponsorships : queryKeys.sponsorshipRequests }),
  })
}
