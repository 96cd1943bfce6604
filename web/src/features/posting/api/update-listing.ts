import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sponsorshipRequestsKey } from '@/features/listings/api/list-sponsorship-requests'
import { sponsorshipsKey } from '@/features/listings/api/list-sponsorships'
import type { ListingKind, Sponsorship, SponsorshipRequest } from '@/features/listings/types'
import { api } from '@/lib/api'

const routes: Record<ListingKind, string> = { sponsorship: '/api/sponsorships', request: '/api/sponsorship-requests' }

/** PATCH a listing (docs/api.md): the poster's edit; the lists and the listing's page refresh. */
export function useUpdateListing(kind: ListingKind, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: Record<string, unknown>) =>
      api.patch<Sponsorship | SponsorshipRequest>(`${routes[kind]}/${encodeURIComponent(id)}`, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kind === 'sponsorship' ? sponsorshipsKey : sponsorshipRequestsKey }),
  })
}
