/*
 * One deal's query, apart from the rest of the deals API: the app shell refreshes it on realtime
 * events and stays light.
 */
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { api } from '@/lib/api'
import { refreshQueries } from '@/lib/query-client'
import { queryKeys } from '@/lib/query-keys'

export function dealQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.deals, 'one', id],
    queryFn: ({ signal }) => api('GET /api/deals/{id}', { params: { id }, signal }),
  })
}

/**
 * A realtime event said a deal changed (the `deals/*` topic carries only its id and version): the
 * deal's own query refetches if it is on screen and holds an older version (the member's own step
 * already put the new one there); no other query refetches, so thousands of open tabs cost one
 * request each only where that deal is open.
 */
export function refreshDeal(queryClient: QueryClient, id: string, version: unknown): void {
  const key = dealQueryOptions(id).queryKey
  const held = queryClient.getQueryData(key)
  if (held && typeof version === 'number' && held.version >= version) return
  void refreshQueries(queryClient, key)
}

/** refreshDeal for realtime's deal events (the app shell hands it to the inbox's subscription). */
export function useDealChanged(): (id: string, version: unknown) => void {
  const queryClient = useQueryClient()
  return useCallback((id: string, version: unknown) => refreshDeal(queryClient, id, version), [queryClient])
}
