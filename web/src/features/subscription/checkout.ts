import type { CheckoutFailure, CheckoutSuccess } from '@/features/subscription/types'

/**
 * One checkout interface, two implementations: Razorpay's `window.Razorpay` (live mode, loaded from
 * checkout.js) and the in-app `SandboxCheckout` (test mode). The rest of the flow never knows which.
 */
export interface CheckoutOptions {
  key: string
  amount: number
  currency: string
  order_id: string
  name: string
  description: string
  prefill: { name?: string; email?: string }
  notes: Record<string, string>
  theme: { color: string }
  handler: (response: CheckoutSuccess) => void
  modal: { ondismiss: () => void }
}

export interface CheckoutInstance {
  on(event: 'payment.failed', listener: (response: CheckoutFailure) => void): void
  open(): void
  close(): void
}

export type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance

/** The modes that can take a payment ('off', the third mode of app-config, cannot). */
export type PaymentsMode = 'live' | 'sandbox'

export const CHECKOUT_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js'

/** The theme's primary colour (oklch(45% 0.2 277)) as the hex Razorpay's theme option takes. */
export const CHECKOUT_THEME_COLOR = '#4338ca'

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor
  }
}

let razorpay: Promise<CheckoutConstructor> | null = null

function loadRazorpayScript(): Promise<CheckoutConstructor> {
  return new Promise((resolve, reject) => {
    if (window.Razorpay) {
      resolve(window.Razorpay)
      return
    }
    const script = document.createElement('script')
    script.src = CHECKOUT_SCRIPT_URL
    script.async = true
    script.addEventListener('load', () => {
      if (window.Razorpay) resolve(window.Razorpay)
      else reject(new Error('Razorpay Checkout did not load'))
    })
    script.addEventListener('error', () => {
      script.remove()
      reject(new Error('Razorpay Checkout could not be loaded'))
    })
    document.head.appendChild(script)
  })
}

/**
 * The checkout for the server's payment mode. Live: injects checkout.js once (a cached promise; a
 * failed load is forgotten so that the next attempt retries). Sandbox: never touches Razorpay.
 */
export function loadCheckout(mode: PaymentsMode): Promise<CheckoutConstructor> {
  if (mode === 'sandbox') return import('./sandbox-checkout').then((m) => m.SandboxCheckout)
  if (!razorpay) {
    razorpay = loadRazorpayScript().catch((error: unknown) => {
      razorpay = null
      throw error
    })
  }
  return razorpay
}

/** Tests only: forget the cached script promise. */
export function resetCheckoutForTests() {
  razorpay = null
}
