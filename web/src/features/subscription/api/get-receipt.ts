import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/lib/api'
import type { Receipt } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

async function fetchReceipt(paymentId: string, signal?: AbortSignal): Promise<Receipt> {
  const { data } = await request<Receipt>(`/api/payments/${encodeURIComponent(paymentId)}/receipt`, { signal })
  return data
}

/** Under the payments prefix: a refund that refreshes the history refreshes the receipt too. */
function receiptQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: [...queryKeys.payments, 'receipt', paymentId],
    queryFn: ({ signal }) => fetchReceipt(paymentId, signal),
  })
}

export function useReceipt(paymentId: string) {
  return useQuery(receiptQueryOptions(paymentId))
}
