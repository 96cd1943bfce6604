import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { PublicProfile } from '@/lib/api-types.gen'
import { memberKey } from '@/lib/query-keys'

function userProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...memberKey(userId), 'profile'],
    queryFn: ({ signal }) => api.get<PublicProfile>(`/api/users/${encodeURIComponent(userId)}`, undefined, signal),
  })
}

export function useUserProfile(userId: string, enabled = true) {
  return useQuery({ ...userProfileQueryOptions(userId), enabled })
}
