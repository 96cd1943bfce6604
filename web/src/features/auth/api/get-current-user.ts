import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { CurrentUser } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

/** The signed-in member, or null for a visitor (GET /api/session answers 200 either way: no console error). */
async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  const { user } = await api('GET /api/session', { signal })
  return user
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
  })
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions())
}
