/** Shapes of docs/api/payments.md (payments). Amounts are in paise. */

/** The order `POST /api/payments/create-subscription` answers, ready for Checkout. */
export interface SubscriptionOrder {
  keyId: string
  amount: number
  currency: string
  planId: string
  planName: string
  orderId: string
  username: string
  displayName: string
  email: string
  sandbox: boolean
}

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
