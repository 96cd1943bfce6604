import { useMutation, useQueryClient } from '@tanstack/react-query'
import { asSponsorshipRequest, type ListingStatus, type SponsorshipRequest } from '@/lib/listing'
import { api, ApiError } from '@/lib/api'
import type { ApiBody } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

type PledgeInput = ApiBody<'POST /api/sponsorship-requests/{id}/sponsor'>

function sponsorRequest(requestId: string, pledge: PledgeInput) {
  return api('POST /api/sponsorship-requests/{id}/sponsor', { params: { id: requestId }, body: pledge })
}

/**
 * A 409: the request did not take the pledge. `request` is the request as the server answers it right
 * after (closed, also when its event date has passed; sponsored; or still open with less open than
 * the pledge), when it could be read.
 */
export class SponsorConflict extends ApiError {
  readonly request?: SponsorshipRequest
  readonly requestStatus?: ListingStatus

  constructor(cause: ApiError, request?: SponsorshipRequest) {
    super(cause.status, cause.message, cause.fieldErrors, cause.fieldCodes)
    this.request = request
    this.requestStatus = request?.status
  }
}

async function sponsorOrConflict(requestId: string, pledge: PledgeInput) {
  try {
    return await sponsorRequest(requestId, pledge)
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error
    const now = await api('GET /api/sponsorship-requests/{id}', { params: { id: requestId } })
      .then(asSponsorshipRequest)
      .catch(() => undefined)
    throw new SponsorConflict(error, now)
  }
}

/**
 * A request's pledge actions (pledge and withdraw) share this prefix, so a card and the detail dialog
 * of the same request both see the latest outcome.
 */
export const pledgeActionsKey = (requestId: string) => ['pledge', requestId] as const
const sponsorMutationKey = (requestId: string) => [...pledgeActionsKey(requestId), 'sponsor'] as const

export function useSponsorRequest(requestId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: sponsorMutationKey(requestId),
    mutationFn: (pledge: PledgeInput) => sponsorOrConflict(requestId, pledge),
    // Taken or refused (409), the lists must show the request's new pledges and status.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.sponsorshipRequests })
      void queryClient.invalidateQueries({ queryKey: queryKeys.commitments })
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations })
    },
  })
}
