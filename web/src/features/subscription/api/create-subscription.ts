import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'

/** Creates a payment order for a plan; the price is the server's. */
function createSubscription(input: { planId: string }) {
  return api('POST /api/payments/create-subscription', { body: { planId: input.planId } })
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription })
}
