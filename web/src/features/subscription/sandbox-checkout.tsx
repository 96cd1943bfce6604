import { createRoot, type Root } from 'react-dom/client'
import type { CheckoutInstance, CheckoutOptions } from './checkout'
import { SandboxCheckoutDialog } from './components/SandboxCheckoutDialog'
import type { CheckoutFailure } from '@/features/subscription/types'

/**
 * The test-mode stand-in for Razorpay Checkout, with the same surface as `window.Razorpay`: it
 * renders its own modal (as checkout.js renders its own window) and answers the handler and the
 * `payment.failed` listeners with the shapes Razorpay uses. The server signs the answer, so the
 * verification that follows is the real one.
 */
export class SandboxCheckout implements CheckoutInstance {
  private readonly options: CheckoutOptions
  private readonly failedListeners: ((response: CheckoutFailure) => void)[] = []
  private root: Root | null = null
  private container: HTMLElement | null = null

  constructor(options: CheckoutOptions) {
    this.options = options
  }

  on(event: 'payment.failed', listener: (response: CheckoutFailure) => void): void {
    if (event === 'payment.failed') this.failedListeners.push(listener)
  }

  open(): void {
    if (this.root) return
    this.container = document.createElement('div')
    document.body.appendChild(this.container)
    this.root = createRoot(this.container)
    this.render(true)
  }

  close(): void {
    if (!this.root) return
    // Close the <dialog> first (focus returns where it was), then drop the React root.
    this.render(false)
    const root = this.root
    const container = this.container
    this.root = null
    this.container = null
    setTimeout(() => {
      root.unmount()
      container?.remove()
    }, 0)
  }

  private render(open: boolean) {
    this.root?.render(
      <SandboxCheckoutDialog
        open={open}
        options={this.options}
        onPaid={({ razorpay_payment_id, razorpay_order_id, razorpay_signature }) => {
          this.close()
          this.options.handler({ razorpay_payment_id, razorpay_order_id, razorpay_signature })
        }}
        onFailed={(response) => {
          for (const listener of this.failedListeners) listener(response)
        }}
        onCancel={() => {
          this.close()
          this.options.modal.ondismiss()
        }}
      />,
    )
  }
}
