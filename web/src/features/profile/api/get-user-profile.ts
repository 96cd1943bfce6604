import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { PublicProfile } from '@/lib/api-types.gen'

function userProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'profile'],
    queryFn: ({ signal }) => api.get<PublicProfile>(`/api/users/${encodeURIComponent(userId)}`, undefined, signal),
  })
}

export function useUserProfile(userId: string, enabled = true) {
  return useQuery({ ...userProfileQueryOptions(userId), enabled })
}
