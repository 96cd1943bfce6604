import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { fetchPage } from '@/lib/list-page'
import { moderationItem, type AdminListingKind } from '../types'
import { queryKeys } from '@/lib/query-keys'

const moderationKey = [...queryKeys.admin, 'moderation'] as const

function moderationQueryOptions(kind: AdminListingKind | '', page: number) {
  return queryOptions({
    queryKey: [...moderationKey, { kind, page }],
    queryFn: ({ signal }) =>
      fetchPage('GET /api/admin/moderation', { query: { kind, page }, signal }).then((p) => ({ ...p, items: p.items.map(moderationItem) })),
  })
}

export function useModerationQueue(kind: AdminListingKind | '', page: number) {
  return useQuery({ ...moderationQueryOptions(kind, page), placeholderData: keepPreviousData })
}
