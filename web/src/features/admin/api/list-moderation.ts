import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { fetchPage } from '@/lib/list-page'
import type { AdminListingKind, ModerationItem } from '../types'
import { queryKeys } from '@/lib/query-keys'

const moderationKey = [...queryKeys.admin, 'moderation'] as const

function moderationQueryOptions(kind: AdminListingKind | '', page: number) {
  return queryOptions({
    queryKey: [...moderationKey, { kind, page }],
    queryFn: ({ signal }) => fetchPage<ModerationItem>('/api/admin/moderation', { kind, page }, signal),
  })
}

export function useModerationQueue(kind: AdminListingKind | '', page: number) {
  return useQuery({ ...moderationQueryOptions(kind, page), placeholderData: keepPreviousData })
}
