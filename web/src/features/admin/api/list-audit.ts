import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { AuditEntry, PagedList } from '../types'
import { adminKey } from './admin-key'

export function auditQueryOptions(action: string, page: number) {
  return queryOptions({
    queryKey: [...adminKey, 'audit', { action, page }],
    queryFn: ({ signal }) => api.get<PagedList<AuditEntry>>('/api/admin/audit', { action, page }, signal),
  })
}

export function useAuditLog(action: string, page: number) {
  return useQuery({ ...auditQueryOptions(action, page), placeholderData: keepPreviousData })
}
