import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sponsorshipRequestsKey } from '@/features/listings/api/list-sponsorship-requests'
import { sponsorshipsKey } from '@/features/listings/api/list-sponsorships'
import type { ListingKind, Sponsorship, SponsorshipRequest } from '@/features/listings/types'
import { api } from '@/lib/api'

const routes: Record<ListingKind, string> = { sponsorship: '/api/sponsorships', request: '/api/sponsorship-requests' }

export type OwnerStatus = 'open' | 'closed'

export const statusMutationKey = (id: string) => ['listing-status', id] as const

/** The poster closes or reopens a listing of either kind (PATCH {status}). */
export function useSetListingStatus(kind: ListingKind, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: statusMutationKey(id),
    mutationFn: (status: OwnerStatus) =>
      api.patch<Sponsorship | SponsorshipRequest>(`${routes[kind]}/${encodeURIComponent(id)}`, { status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kind === 'sponsorship' ? sponsorshipsKey : sponsorshipRequestsKey }),
  })
}
