import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dismissToast } from '@/lib/toast'
import { json, mockFetch } from '@/test/fetch-mock'
import { appConfig, makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import type { CheckoutConstructor, CheckoutInstance, CheckoutOptions } from './checkout'
import { SubscriptionRequiredDialog } from './components/SubscriptionRequiredDialog'
import type { CheckoutFailure, SubscriptionOrder } from '@/features/subscription/types'

const loadCheckout = vi.fn<(mode: string) => Promise<CheckoutConstructor>>()
vi.mock('./checkout', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./checkout')>()),
  loadCheckout: (mode: string) => loadCheckout(mode),
}))

/** A stand-in for Razorpay Checkout that records what it was given. */
let opened: { options: CheckoutOptions; failed: ((r: CheckoutFailure) => void)[] } | null
class FakeCheckout implements CheckoutInstance {
  private failed: ((r: CheckoutFailure) => void)[] = []
  private readonly options: CheckoutOptions
  constructor(options: CheckoutOptions) {
    this.options = options
  }
  on(_event: 'payment.failed', listener: (r: CheckoutFailure) => void) {
    this.failed.push(listener)
  }
  open() {
    opened = { options: this.options, failed: this.failed }
  }
  close() {}
}

const member = makeUser({ email: 'priya@example.com' })
const order: SubscriptionOrder = {
  keyId: 'rzp_test_sandbox',
  amount: 90000,
  currency: 'INR',
  planId: 'quarterly',
  planName: '3 Month Plan',
  orderId: 'order_sandbox_1',
  username: 'priya',
  displayName: 'Priya Sharma',
  email: 'priya@example.com',
  sandbox: true,
}
const paid = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_sandbox_1', razorpay_signature: 'ab'.repeat(32) }

function setup(handlers: Parameters<typeof mockFetch>[0] = {}) {
  const onContinue = vi.fn()
  const fetches = mockFetch({
    'GET /api/app-config': () => json(appConfig),
    'GET /api/session': () => json({ user: member }),
    'POST /api/payments/create-subscription': () => json(order),
    ...handlers,
  })
  renderWithProviders(<SubscriptionRequiredDialog open user={member} onClose={() => {}} onContinue={onContinue} />)
  return { onContinue, ...fetches }
}

async function subscribe(user: ReturnType<typeof userEvent.setup>, name = 'Subscribe to 3 Month Plan') {
  const button = await screen.findByRole('button', { name })
  await waitFor(() => expect(button).toBeEnabled())
  await user.click(button)
}

beforeEach(() => {
  opened = null
  loadCheckout.mockReset()
  loadCheckout.mockResolvedValue(FakeCheckout)
})
afterEach(() => {
  vi.unstubAllGlobals()
  act(() => dismissToast())
})

describe('useCheckout (through the Subscription Required dialog)', () => {
  it('says payments are not set up when the server has no keys and no sandbox, and offers no checkout', async () => {
    const { calls } = setup({ 'GET /api/app-config': () => json({ ...appConfig, payments: { mode: 'off' } }) })
    expect(await screen.findByText(/Payments are not set up on this server yet/)).toBeInTheDocument()
    expect(screen.queryByText('Test mode — no real money')).not.toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Subscribe to 3 Month Plan' })).toBeDisabled()
    expect(loadCheckout).not.toHaveBeenCalled()
    expect(calls.some((c) => c.url.pathname === '/api/payments/create-subscription')).toBe(false)
  })

  it('opens Checkout with the order, verifies its answer unchanged, toasts and opens the form', async () => {
    const user = userEvent.setup()
    const { onContinue, calls } = setup({
      'POST /api/payments/verify-subscription': () => json({ ...member, subscriptionActive: true, subscriptionStatus: 'active' }),
    })
    expect(await screen.findByText('Test mode — no real money')).toBeInTheDocument()
    await subscribe(user)
    await waitFor(() => expect(opened).not.toBeNull())
    expect(calls.find((c) => c.url.pathname === '/api/payments/create-subscription')?.body).toEqual({ planId: 'quarterly' })
    expect(opened!.options).toMatchObject({
      key: 'rzp_test_sandbox',
      amount: 90000,
      currency: 'INR',
      order_id: 'order_sandbox_1',
      name: 'SponsorBridge',
      description: '3 Month Plan',
      prefill: { name: 'Priya Sharma', email: 'priya@example.com' },
      notes: { planId: 'quarterly' },
    })
    expect(opened!.options.theme.color).toMatch(/^#[0-9a-f]{6}$/)
    expect(screen.getByRole('button', { name: 'Subscribe to 1 Month Plan' })).toBeDisabled()

    act(() => opened!.options.handler(paid))
    expect(await screen.findByText('Subscription successful!')).toBeInTheDocument()
    expect(screen.getByText('Your subscription has been activated')).toBeInTheDocument()
    expect(calls.find((c) => c.url.pathname === '/api/payments/verify-subscription')?.body).toEqual(paid)
    expect(onContinue).toHaveBeenCalledTimes(1)
  })

  it("says Payment failed with the server's message when the order cannot be made", async () => {
    const user = userEvent.setup()
    const message = 'The payment provider could not be reached. Please try again in a few minutes.'
    setup({ 'POST /api/payments/create-subscription': () => json({ status: 503, message, data: {} }, 503) })
    await subscribe(user)
    expect(await screen.findByText('Payment failed')).toBeInTheDocument()
    expect(screen.getByText(message)).toBeInTheDocument()
    expect(opened).toBeNull()
    expect(screen.getByRole('button', { name: 'Subscribe to 3 Month Plan' })).toBeEnabled()
  })

  it('says Payment failed, Please try again later when the checkout cannot load', async () => {
    const user = userEvent.setup()
    const { calls } = setup()
    loadCheckout.mockRejectedValue(new Error('script error'))
    await subscribe(user)
    expect(await screen.findByText('Payment failed')).toBeInTheDocument()
    expect(screen.getByText('Please try again later')).toBeInTheDocument()
    expect(calls.some((c) => c.url.pathname === '/api/payments/create-subscription')).toBe(false)
  })

  it("says Payment verification failed with the server's message, and the plans stay", async () => {
    const user = userEvent.setup()
    const { onContinue } = setup({
      'POST /api/payments/verify-subscription': () => json({ status: 400, message: 'The payment signature is not valid.', data: {} }, 400),
    })
    await subscribe(user)
    await waitFor(() => expect(opened).not.toBeNull())
    act(() => opened!.options.handler(paid))
    expect(await screen.findByText('Payment verification failed')).toBeInTheDocument()
    expect(screen.getByText('The payment signature is not valid.')).toBeInTheDocument()
    expect(onContinue).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Subscribe to 3 Month Plan' })).toBeEnabled()
  })

  it('toasts payment.failed with its description, and a dismissal re-enables the plans without a toast', async () => {
    const user = userEvent.setup()
    setup()
    await subscribe(user, 'Subscribe to 1 Month Plan')
    await waitFor(() => expect(opened).not.toBeNull())
    act(() => opened!.failed.forEach((fn) => fn({ error: { description: 'Card declined.' } })))
    expect(await screen.findByText('Card declined.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Subscribe to 1 Month Plan' })).toBeDisabled()
    act(() => {
      dismissToast()
      opened!.options.modal.ondismiss()
    })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe to 1 Month Plan' })).toBeEnabled())
    expect(screen.queryByTestId('toast')).toBeNull()
  })

  it('omits an empty e-mail from the prefill', async () => {
    const user = userEvent.setup()
    setup({ 'POST /api/payments/create-subscription': () => json({ ...order, email: '' }) })
    await subscribe(user)
    await waitFor(() => expect(opened).not.toBeNull())
    expect(opened!.options.prefill).toEqual({ name: 'Priya Sharma' })
  })

  it("live mode: the plans step aside while Razorpay's window is open (a modal dialog would cover it)", async () => {
    const user = userEvent.setup()
    setup({ 'GET /api/app-config': () => json({ ...appConfig, payments: { mode: 'live' } }) })
    await subscribe(user, 'Subscribe to 1 Month Plan')
    await waitFor(() => expect(opened).not.toBeNull())
    expect(loadCheckout).toHaveBeenCalledWith('live')
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Subscribe to 1 Month Plan' })).toBeNull())
    act(() => opened!.options.modal.ondismiss())
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe to 1 Month Plan' })).toBeEnabled())
  })
})
