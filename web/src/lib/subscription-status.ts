import { type CurrentUser, type PaymentStatus } from '@/lib/api-types.gen'

type SubscriptionState = 'active' | 'expired' | 'cancelled' | 'none'

/** The member's plan as /subscription states it; `subscriptionActive` is the server's verdict. */
export function subscriptionState(user: Pick<CurrentUser, 'subscriptionActive' | 'subscriptionStatus'>): SubscriptionState {
  if (user.subscriptionActive) return 'active'
  if (user.subscriptionStatus === 'expired' || user.subscriptionStatus === 'active') return 'expired'
  if (user.subscriptionStatus === 'cancelled') return 'cancelled'
  return 'none'
}

export const stateLabels: Record<SubscriptionState, string> = {
  active: 'Active',
  expired: 'Expired',
  cancelled: 'Cancelled',
  none: 'No plan',
}

export const stateBadgeClass: Record<SubscriptionState, string> = {
  active: 'badge-success',
  expired: 'badge-error',
  cancelled: 'badge-neutral',
  none: 'badge-ghost',
}

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  paid: 'Paid',
  created: 'Not completed',
  failed: 'Failed',
  refunded: 'Refunded',
}

export const paymentStatusClass: Record<PaymentStatus, string> = {
  paid: 'badge-success',
  created: 'badge-ghost',
  failed: 'badge-error',
  refunded: 'badge-neutral',
}
