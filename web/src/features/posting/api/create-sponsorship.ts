import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { currentUserQueryOptions } from '@/features/auth/session'
import { type Sponsorship } from '@/lib/listing'
import type { toSponsorshipPayload } from '../schemas'
import { queryKeys } from '@/lib/query-keys'
import { listingKinds } from '@/lib/api-types.gen'

function createSponsorship(payload: ReturnType<typeof toSponsorshipPayload>): Promise<Sponsorship> {
  return api.post<Sponsorship>(listingKinds.sponsorships.api, payload)
}

export function useCreateSponsorship() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createSponsorship,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships }),
        // canPostAt moves forward after a post.
        queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
      ]),
  })
}
