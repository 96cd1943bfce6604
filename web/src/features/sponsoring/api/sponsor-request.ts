import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sponsorshipRequestsKey, type ListingStatus, type SponsorshipRequest } from '@/lib/listing'
import { api, ApiError } from '@/lib/api'
import type { Commitment } from '@/lib/api-types.gen'
import { commitmentsKey } from './list-commitments'

export function sponsorRequest(requestId: string, message: string): Promise<Commitment> {
  return api.post<Commitment>(`/api/sponsorship-requests/${encodeURIComponent(requestId)}/sponsor`, { message })
}

/**
 * A 409: the request no longer takes a sponsor. `requestStatus` is the request's status as the
 * server answers it right after (closed, also when its event date has passed, or sponsored).
 */
export class SponsorConflict extends ApiError {
  readonly requestStatus: ListingStatus

  constructor(cause: ApiError, requestStatus: ListingStatus) {
    super(cause.status, cause.message, cause.fieldErrors, cause.fieldCodes)
    this.requestStatus = requestStatus
  }
}

async function sponsorOrConflict(requestId: string, message: string): Promise<Commitment> {
  try {
    return await sponsorRequest(requestId, message)
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error
    const now = await api
      .get<SponsorshipRequest>(`/api/sponsorship-requests/${encodeURIComponent(requestId)}`)
      .then((r) => r.status)
      .catch(() => undefined)
    // Still open (or unreadable) after a 409 means another sponsor won the race.
    throw new SponsorConflict(error, now && now !== 'open' ? now : 'sponsored')
  }
}

/** Keyed per request so a card and the detail dialog of the same request both see the outcome. */
export const sponsorMutationKey = (requestId: string) => ['sponsor-request', requestId] as const

export function useSponsorRequest(requestId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: sponsorMutationKey(requestId),
    mutationFn: (message: string) => sponsorOrConflict(requestId, message),
    // Won or lost (409), the lists must show the request's new status.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sponsorshipRequestsKey })
      void queryClient.invalidateQueries({ queryKey: commitmentsKey })
      void queryClient.invalidateQueries({ queryKey: ['conversations'] })
    },
  })
}
