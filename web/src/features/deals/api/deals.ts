import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Deal, DealStatus, Update } from '@/lib/api-types.gen'
import { fetchPage } from '@/lib/list-page'

/** Prefix of every deals query: each step refreshes them. */
export const dealsKey = ['deals'] as const

export function dealQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...dealsKey, 'one', id],
    queryFn: ({ signal }) => api.get<Deal>(`/api/deals/${encodeURIComponent(id)}`, undefined, signal),
  })
}

/** One deal with its history (GET /api/deals/{id}). */
export function useDeal(id: string) {
  return useQuery(dealQueryOptions(id))
}

/** The member's deals, the last changed first (the first page: 20). */
export function useDeals(status?: DealStatus) {
  return useQuery({
    queryKey: [...dealsKey, 'mine', status ?? ''],
    queryFn: ({ signal }) => fetchPage<Deal>('/api/deals', { status }, signal).then((p) => p.items),
  })
}

/** The steps of a deal, each a POST /api/deals/{id}/{step} answering the deal as it is now. */
export type DealStep =
  | { step: 'deliverables'; body: { deliverables: { id?: string; title: string; due: string }[] } }
  | { step: 'agree'; body: { version: number } }
  | { step: 'funds-sent' | 'funds-received' | 'complete'; body?: undefined }
  | { step: 'done'; item: string; body: { proofText: string; proofLink: string } }
  | { step: 'cancel' | 'dispute' | 'dispute/answer'; body: { reason: string } }

function stepPath(s: DealStep): string {
  return s.step === 'done' ? `deliverables/${encodeURIComponent(s.item)}/done` : s.step
}

export function useDealStep(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (s: DealStep) => api.post<Deal>(`/api/deals/${encodeURIComponent(id)}/${stepPath(s)}`, s.body),
    onSuccess: (deal) => queryClient.setQueryData(dealQueryOptions(id).queryKey, deal),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dealsKey })
      void queryClient.invalidateQueries({ queryKey: ['notifications'] })
      // a cancelled pledge changes the request and the sponsor's pledges
      void queryClient.invalidateQueries({ queryKey: ['commitments'] })
    },
  })
}

/** POST /api/sponsorship-requests/{id}/updates: the request's poster tells all its sponsors. */
export function usePostUpdate(dealId: string, requestId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => api.post<Update>(`/api/sponsorship-requests/${encodeURIComponent(requestId)}/updates`, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealQueryOptions(dealId).queryKey }),
  })
}
