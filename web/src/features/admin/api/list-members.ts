import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { fetchPage } from '@/lib/list-page'
import { queryKeys } from '@/lib/query-keys'

const membersKey = [...queryKeys.admin, 'members'] as const

function membersQueryOptions(q: string, page: number) {
  return queryOptions({
    queryKey: [...membersKey, { q, page }],
    queryFn: ({ signal }) => fetchPage('GET /api/admin/members', { query: { q, page }, signal }),
  })
}

export function useMembers(q: string, page: number) {
  return useQuery({ ...membersQueryOptions(q, page), placeholderData: keepPreviousData })
}
