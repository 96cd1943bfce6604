import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { currentUserQueryOptions } from '@/features/auth/session'
import { asSponsorshipRequest } from '@/lib/listing'
import type { toRequestPayload } from '../schemas'
import { queryKeys } from '@/lib/query-keys'

function createSponsorshipRequest(payload: ReturnType<typeof toRequestPayload>) {
  return api('POST /api/sponsorship-requests', { body: payload }).then(asSponsorshipRequest)
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
