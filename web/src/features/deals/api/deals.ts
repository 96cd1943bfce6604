import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ApiBody, DealStatus } from '@/lib/api-types.gen'
import { fetchPage } from '@/lib/list-page'
import { withFile } from '@/lib/pictures'
import { queryKeys } from '@/lib/query-keys'
import { dealQueryOptions } from './deal-query'

export { dealQueryOptions }

/** One deal with its history (GET /api/deals/{id}). */
export function useDeal(id: string) {
  return useQuery(dealQueryOptions(id))
}

/** The member's deals, the last changed first (the first page: 20). */
function dealsQueryOptions(status?: DealStatus) {
  return queryOptions({
    queryKey: [...queryKeys.deals, 'mine', status ?? ''],
    queryFn: ({ signal }) => fetchPage('GET /api/deals', { query: { status }, signal }).then((p) => p.items),
  })
}

export function useDeals(status?: DealStatus) {
  return useQuery(dealsQueryOptions(status))
}

/** The steps of a deal, each a POST /api/deals/{id}/{step} answering the deal as it is now. */
export type DealStep =
  | { step: 'deliverables'; body: ApiBody<'POST /api/deals/{id}/deliverables'> }
  | { step: 'agree'; body: ApiBody<'POST /api/deals/{id}/agree'> }
  | { step: 'funds-sent' | 'funds-received' | 'complete'; body?: undefined }
  /** The proof's fields, sent as JSON, or as a form with the picture when there is one. */
  | { step: 'done'; item: string; body: { proofText: string; proofLink: string; picture: File | null } }
  | { step: 'cancel' | 'dispute' | 'dispute/answer'; body: ApiBody<'POST /api/deals/{id}/cancel' | 'POST /api/deals/{id}/dispute'> }

/**
 * Takes a step from the deal's page: true when it went through (its dialog closes); a field error goes
 * to onFieldError, when given, for its dialog to show.
 */
export type RunStep = (input: DealStep, success: string, onFieldError?: (field: string, message: string) => void) => Promise<boolean>

function takeStep(id: string, s: DealStep) {
  if (s.step !== 'done') return api(`POST /api/deals/{id}/${s.step}` as const, { params: { id }, body: s.body })
  const { picture, ...proof } = s.body
  return api('POST /api/deals/{id}/deliverables/{item}/done', { params: { id, item: s.item }, body: withFile(proof, picture, 'picture') })
}

export function useDealStep(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (s: DealStep) => takeStep(id, s),
    onSuccess: (deal) => queryClient.setQueryData(dealQueryOptions(id).queryKey, deal),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.deals })
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications })
      // a cancelled pledge changes the request and the sponsor's pledges
      void queryClient.invalidateQueries({ queryKey: queryKeys.commitments })
    },
  })
}

/** POST /api/sponsorship-requests/{id}/updates: the request's poster tells all its sponsors, with a picture if they add one. */
export function usePostUpdate(dealId: string, requestId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, picture }: { body: string; picture: File | null }) =>
      api('POST /api/sponsorship-requests/{id}/updates', { params: { id: requestId }, body: withFile({ body }, picture, 'picture') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealQueryOptions(dealId).queryKey }),
  })
}
