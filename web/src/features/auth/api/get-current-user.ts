import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, api } from '@/lib/api'
import type { CurrentUser } from '../types'

/** The signed-in member, or null: a 401 means nobody is signed in. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/api/user', undefined, signal)
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'current'],
    queryFn: ({ signal }) => fetchCurrentUser(signal),
  })
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions())
}
