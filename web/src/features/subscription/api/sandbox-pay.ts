import { api } from '@/lib/api'
import type { ApiAnswer } from '@/lib/api-types.gen'
import type { CheckoutFailure, CheckoutSuccess } from '@/features/subscription/types'

type SandboxOutcome = 'success' | 'failed'
type SandboxAnswer = ApiAnswer<'POST /api/payments/sandbox/pay'>

/**
 * Test mode only: the server's stand-in for Razorpay's payment window. It answers what Checkout hands
 * its handlers: the three razorpay_ fields on success, `error` on failure (docs/api/payments.md).
 */
function sandboxPay(orderId: string, outcome: SandboxOutcome): Promise<SandboxAnswer> {
  return api('POST /api/payments/sandbox/pay', { body: outcome === 'failed' ? { orderId, outcome } : { orderId } })
}

/** A paid sandbox order, as Checkout's success handler gets it. */
export async function sandboxPaid(orderId: string): Promise<CheckoutSuccess> {
  const { razorpay_payment_id = '', razorpay_order_id = '', razorpay_signature = '' } = await sandboxPay(orderId, 'success')
  return { razorpay_payment_id, razorpay_order_id, razorpay_signature }
}

/** A declined sandbox order, as Checkout's `payment.failed` listeners get it. */
export async function sandboxDeclined(orderId: string): Promise<CheckoutFailure> {
  const { error } = await sandboxPay(orderId, 'failed')
  return { error }
}
