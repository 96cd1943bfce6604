import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { currentUserQueryOptions } from '@/features/auth/session'
import type { CheckoutSuccess } from '@/features/subscription/types'
import { queryKeys } from '@/lib/query-keys'

/** Sends Checkout's success answer unchanged; the server answers with the own user, plan active. */
function verifySubscription(response: CheckoutSuccess) {
  return api('POST /api/payments/verify-subscription', {
    body: {
      razorpay_payment_id: response.razorpay_payment_id,
      razorpay_order_id: response.razorpay_order_id,
      razorpay_signature: response.razorpay_signature,
    },
  })
}

export function useVerifySubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifySubscription,
    onSuccess: (user) => {
      const userKey = currentUserQueryOptions().queryKey
      queryClient.setQueryData(userKey, user)
      // Not awaited: the caller's success step (close the dialog, open the form) need not wait.
      void queryClient.invalidateQueries({ queryKey: userKey })
      void queryClient.invalidateQueries({ queryKey: queryKeys.payments })
    },
  })
}
