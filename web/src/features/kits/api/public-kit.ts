import { queryOptions, useQuery } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { api } from '@/lib/api'

/** GET /api/kits/{username}: a published kit, to anyone (a visitor too); 404 for no kit, an unpublished one or no such member. */
function publicKitQueryOptions(username: string) {
  return queryOptions({
    queryKey: [...queryKeys.kits, 'public', username],
    queryFn: ({ signal }) => api('GET /api/kits/{username}', { params: { username }, signal }),
  })
}

export function usePublicKit(username: string, enabled = true) {
  return useQuery({ ...publicKitQueryOptions(username), enabled: enabled && !!username })
}
