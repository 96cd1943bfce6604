import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { fetchPage } from '@/lib/list-page'
import type { ContactStatus } from '../types'
import { queryKeys } from '@/lib/query-keys'

function disputesQueryOptions(status: ContactStatus, page: number) {
  return queryOptions({
    queryKey: [...queryKeys.admin, 'disputes', { status, page }],
    queryFn: ({ signal }) => fetchPage('GET /api/admin/disputes', { query: { status, page }, signal }),
  })
}

export function useDisputes(status: ContactStatus, page: number) {
  return useQuery({ ...disputesQueryOptions(status, page), placeholderData: keepPreviousData })
}

export type DisputeOutcome = 'completed' | 'cancelled'

/** POST /api/admin/deals/{id}/resolve: the dispute leaves the open list, the log grows. */
export function useResolveDispute() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, outcome, note }: { id: string; outcome: DisputeOutcome; note: string }) =>
      api('POST /api/admin/deals/{id}/resolve', { params: { id }, body: { outcome, note } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  })
}
