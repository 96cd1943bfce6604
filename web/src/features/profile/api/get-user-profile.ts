import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { memberKey } from '@/lib/query-keys'

function userProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...memberKey(userId), 'profile'],
    queryFn: ({ signal }) => api('GET /api/users/{id}', { params: { id: userId }, signal }),
  })
}

export function useUserProfile(userId: string, enabled = true) {
  return useQuery({ ...userProfileQueryOptions(userId), enabled })
}
