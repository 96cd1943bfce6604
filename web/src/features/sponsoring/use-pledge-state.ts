import { useMutationState } from '@tanstack/react-query'
import type { ListingStatus, SponsorshipRequest } from '@/lib/listing'
import type { Commitment, Pledge } from '@/lib/api-types.gen'
import { statusMutationKey, type OwnerStatus } from './api/set-listing-status'
import { pledgeActionsKey, SponsorConflict } from './api/sponsor-request'

/** What this page last did to the listing's status (closed or reopened it), if anything. */
export function useOwnerStatus(id: string): OwnerStatus | undefined {
  const done = useMutationState({
    filters: { mutationKey: statusMutationKey(id), status: 'success' },
    select: (m) => m.state.variables as OwnerStatus,
  })
  return done.at(-1)
}

interface PledgeState {
  status: ListingStatus
  myPledge?: Pledge
}

/**
 * What this page already knows about the request beyond the (possibly stale) listing: the outcome of
 * this member's latest pledge or withdrawal (each answers the request's status), or of the poster's
 * Close or Reopen.
 */
export function usePledgeState(item: SponsorshipRequest): PledgeState {
  const outcomes = useMutationState({
    filters: { mutationKey: pledgeActionsKey(item.id) },
    select: (m) => ({ status: m.state.status, data: m.state.data as Commitment | undefined, error: m.state.error }),
  })
  const changed = useOwnerStatus(item.id)
  const state: PledgeState = { status: item.status, myPledge: item.myPledge }
  const last = outcomes.filter((o) => o.status === 'success' || o.status === 'error').at(-1)
  if (last?.data) {
    state.status = last.data.request.status as ListingStatus
    state.myPledge =
      last.data.status === 'active' ? { id: last.data.id, amount: last.data.amount, createdAt: last.data.createdAt } : undefined
  } else if (last?.error instanceof SponsorConflict && last.error.requestStatus) {
    state.status = last.error.requestStatus
  }
  if (changed) state.status = changed
  return state
}
