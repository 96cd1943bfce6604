import { type ListingKind } from '@/lib/listing'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import { listingKinds } from '@/lib/api-types.gen'

export type OwnerStatus = 'open' | 'closed'

export const statusMutationKey = (id: string) => ['listing-status', id] as const

/** The poster closes or reopens a listing of either kind (PATCH {status}). */
export function useSetListingStatus(kind: ListingKind, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: statusMutationKey(id),
    mutationFn: (status: OwnerStatus) => api(`PATCH ${listingKinds[kind].api}/{id}` as const, { params: { id }, body: { status } }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: kind === 'sponsorships' ? queryKeys.sponsorships : queryKeys.sponsorshipRequests }),
  })
}
