import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { currentUserQueryOptions } from '@/features/auth/session'
import { asSponsorship } from '@/lib/listing'
import type { toSponsorshipPayload } from '../schemas'
import { queryKeys } from '@/lib/query-keys'

function createSponsorship(payload: ReturnType<typeof toSponsorshipPayload>) {
  return api('POST /api/sponsorships', { body: payload }).then(asSponsorship)
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
