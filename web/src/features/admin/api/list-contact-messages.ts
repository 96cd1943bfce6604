import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { fetchPage } from '@/lib/list-page'
import type { ContactStatus } from '../types'
import { queryKeys } from '@/lib/query-keys'

function contactMessagesQueryOptions(status: ContactStatus, page: number) {
  return queryOptions({
    queryKey: [...queryKeys.admin, 'contact-messages', { status, page }],
    queryFn: ({ signal }) => fetchPage('GET /api/admin/contact-messages', { query: { status, page }, signal }),
  })
}

export function useContactMessages(status: ContactStatus, page: number) {
  return useQuery({ ...contactMessagesQueryOptions(status, page), placeholderData: keepPreviousData })
}
