import { api } from '@/lib/api'
import type { CheckoutFailure, CheckoutSuccess } from '@/features/subscription/types'

type SandboxOutcome = 'success' | 'failed'
export type SandboxPaySuccess = CheckoutSuccess & { sandbox?: boolean }

/** Test mode only: the server's stand-in for Razorpay's payment window. */
export function sandboxPay(orderId: string, outcome: 'success'): Promise<SandboxPaySuccess>
export function sandboxPay(orderId: string, outcome: 'failed'): Promise<CheckoutFailure>
export function sandboxPay(orderId: string, outcome: SandboxOutcome): Promise<unknown> {
  return api.post('/api/payments/sandbox/pay', outcome === 'failed' ? { orderId, outcome } : { orderId })
}
