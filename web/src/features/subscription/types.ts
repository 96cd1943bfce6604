/** Shapes of Razorpay Checkout around docs/api/payments.md (payments). Amounts are in paise. */

/** The order `POST /api/payments/create-subscription` answers, ready for Checkout (generated). */
export type { SubscriptionOrder } from '@/lib/api-types.gen'

/** What Checkout hands its success handler, and what verification takes, unchanged. */
export interface CheckoutSuccess {
  razorpay_payment_id: string
  razorpay_order_id: string
  razorpay_signature: string
}

/** What Checkout hands its `payment.failed` listeners. */
export interface CheckoutFailure {
  error?: {
    code?: string
    description?: string
    source?: string
    step?: string
    reason?: string
    metadata?: { order_id?: string; payment_id?: string }
  }
}
