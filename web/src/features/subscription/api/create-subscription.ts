import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { SubscriptionOrder } from '@/features/subscription/types'

/** Creates a payment order for a plan; the price is the server's. */
function createSubscription(input: { planId: string }): Promise<SubscriptionOrder> {
  return api.post<SubscriptionOrder>('/api/payments/create-subscription', { planId: input.planId })
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription })
}
