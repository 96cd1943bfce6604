import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { request } from '@/lib/api'
import type { Payment } from '@/lib/api-types.gen'

export const PAYMENTS_PER_PAGE = 20

/** Prefix of every payment-history query: invalidating it refreshes the history. */
export const paymentsKey = ['payments'] as const

export interface PaymentsPage {
  items: Payment[]
  page: number
  hasMore: boolean
  total: number
}

export async function fetchPayments(page: number, signal?: AbortSignal): Promise<PaymentsPage> {
  const { data, headers } = await request<Payment[] | null>('/api/payments', { query: { page, perPage: PAYMENTS_PER_PAGE }, signal })
  const items = data ?? []
  const total = Number(headers.get('X-Total-Count'))
  return {
    items,
    page,
    hasMore: headers.get('X-Has-More') === 'true',
    total: headers.has('X-Total-Count') && Number.isFinite(total) ? total : items.length,
  }
}

export function paymentsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...paymentsKey, 'list', { perPage: PAYMENTS_PER_PAGE }],
    queryFn: ({ pageParam, signal }) => fetchPayments(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: PaymentsPage) => (last.hasMore ? last.page + 1 : undefined),
  })
}

export function usePayments() {
  return useInfiniteQuery(paymentsQueryOptions())
}
