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

export const receiptTexts = {
  loading: 'Loading receipt...',
  error: 'Error loading the receipt. Please try again.',
  notFoundTitle: 'Receipt not found',
  notFound: 'There is no receipt at this address. Receipts exist for completed payments, and only the member who paid can open them.',
  testMode: 'Test mode: this payment was made with the built-in sandbox. No money moved, and this receipt is not proof of payment.',
  thanks: 'Thank you for supporting community sponsorships on SponsorBridge.',
  currencyNote: 'All amounts are in Indian rupees (INR).',
} as const
