import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { currentUserQueryOptions } from '@/features/auth/session'
import { type SponsorshipRequest } from '@/lib/listing'
import type { toRequestPayload } from '../schemas'
import { queryKeys } from '@/lib/query-keys'
import { listingKinds } from '@/lib/api-types.gen'

function createSponsorshipRequest(payload: ReturnType<typeof toRequestPayload>): Promise<SponsorshipRequest> {
  return api.post<SponsorshipRequest>(listingKinds.requests.api, payload)
}

export function useCreateSponsorshipRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createSponsorshipRequest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sponsorshipRequests }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
      ]),
  })
}
