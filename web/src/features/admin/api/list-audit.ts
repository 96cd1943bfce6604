import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { fetchPage } from '@/lib/list-page'
import { queryKeys } from '@/lib/query-keys'

function auditQueryOptions(action: string, page: number) {
  return queryOptions({
    queryKey: [...queryKeys.admin, 'audit', { action, page }],
    queryFn: ({ signal }) => fetchPage('GET /api/admin/audit', { query: { action, page }, signal }),
  })
}

export function useAuditLog(action: string, page: number) {
  return useQuery({ ...auditQueryOptions(action, page), placeholderData: keepPreviousData })
}
