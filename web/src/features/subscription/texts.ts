/** The spec's payment toasts (section 8). */
export const checkoutTexts = {
  success: 'Subscription successful!',
  successDetail: 'Your subscription has been activated',
  paymentFailed: 'Payment failed',
  paymentFailedFallback: 'Please try again later',
  createFailedFallback: 'Failed to create subscription',
  verifyFailed: 'Payment verification failed',
  verifyFailedFallback: 'Please try again or contact support',
} as const

export const paymentHistoryTexts = {
  loading: 'Loading payments...',
  error: 'Error loading payments. Please try again.',
  empty: 'No payments yet.',
} as const
