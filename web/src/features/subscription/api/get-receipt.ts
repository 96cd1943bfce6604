import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

function fetchReceipt(paymentId: string, signal?: AbortSignal) {
  return api('GET /api/payments/{id}/receipt', { params: { id: paymentId }, signal })
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
