import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { fetchPage, type ListPage } from '@/lib/list-page'
import type { Payment } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

type PaymentsPage = ListPage<Payment>

function fetchPayments(page: number, signal?: AbortSignal): Promise<PaymentsPage> {
  return fetchPage('GET /api/payments', { query: { page }, signal })
}

function paymentsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.payments, 'list'],
    queryFn: ({ pageParam, signal }) => fetchPayments(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: PaymentsPage) => (last.hasMore ? last.page + 1 : undefined),
  })
}

export function usePayments() {
  return useInfiniteQuery(paymentsQueryOptions())
}
