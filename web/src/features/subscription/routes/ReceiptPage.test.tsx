import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import type { Receipt } from '@/lib/api-types.gen'
import { ReceiptPage } from './ReceiptPage'

afterEach(() => vi.unstubAllGlobals())

function receipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    id: 'p1',
    number: 'SB-000042',
    status: 'paid',
    planId: 'quarterly',
    planName: '3 Month Plan',
    months: 3,
    amount: 90000,
    currency: 'INR',
    sandbox: false,
    orderId: 'order_R1',
    paymentId: 'pay_R1',
    orderedAt: '2026-11-20T09:14:00Z',
    paidAt: '2026-11-20T09:15:00Z',
    refundedAmount: 0,
    refundedAt: '',
    refunds: [],
    seller: { name: 'Acme Community LLP', address: '4 Lake View\nPune 411001', email: 'accounts@acme.example', gstin: '27AAPFU0939F1ZV' },
    billedTo: { displayName: 'Dan Member', username: 'dan', email: 'dan@example.com' },
    ...overrides,
  }
}

const open = (id = 'p1') =>
  renderWithProviders(<ReceiptPage />, { route: `/subscription/receipts/${id}`, path: '/subscription/receipts/:id' })

describe('ReceiptPage', () => {
  it('shows the plan, the rupee amount, the ids, the seller and the member, and prints', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({ 'GET /api/payments/p1/receipt': () => json(receipt()) })
    const print = vi.fn()
    vi.stubGlobal('print', print)
    open()
    const doc = await screen.findByRole('article', { name: 'Receipt' })
    expect(within(doc).getByText('SB-000042')).toBeInTheDocument()
    expect(within(doc).getByText('3 Month Plan')).toBeInTheDocument()
    expect(within(doc).getByTestId('receipt-total')).toHaveTextContent('₹900')
    expect(within(doc).getByText('order_R1')).toBeInTheDocument()
    expect(within(doc).getByText('pay_R1')).toBeInTheDocument()
    expect(within(doc).getByText('Nov 20, 2026')).toBeInTheDocument()
    const seller = within(doc).getByTestId('receipt-seller')
    expect(seller).toHaveTextContent('Acme Community LLP')
    expect(seller).toHaveTextContent('GSTIN: 27AAPFU0939F1ZV')
    expect(within(doc).getByText('@dan')).toBeInTheDocument()
    expect(within(doc).getByText('Paid')).toBeInTheDocument()
    expect(within(doc).queryByText(/Test mode/)).toBeNull()
    expect(calls).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Print receipt' }))
    expect(print).toHaveBeenCalledOnce()
  })

  it('labels a sandbox payment as test mode and marks refunds', async () => {
    mockFetch({
      'GET /api/payments/p1/receipt': () =>
        json(
          receipt({
            sandbox: true,
            status: 'refunded',
            refundedAmount: 90000,
            refundedAt: '2026-11-23T10:00:00Z',
            refunds: [
              { id: 'rfnd_a', amount: 25050, currency: 'INR', processedAt: '2026-11-22T10:00:00Z' },
              { id: 'rfnd_b', amount: 64950, currency: 'INR', processedAt: '2026-11-23T10:00:00Z' },
            ],
          }),
        ),
    })
    open()
    const doc = await screen.findByRole('article', { name: 'Receipt' })
    expect(within(doc).getByText('Test mode — no real money')).toBeInTheDocument()
    expect(within(doc).getByText(/No money moved/)).toBeInTheDocument()
    expect(within(doc).getByText('Refunded')).toBeInTheDocument()
    expect(within(doc).getByText(/Refunded on Nov 23, 2026: ₹900 returned/)).toBeInTheDocument()
    const refunds = within(doc).getAllByTestId('receipt-refund')
    expect(refunds).toHaveLength(2)
    expect(refunds[0]).toHaveTextContent('Refunded on Nov 22, 2026 (rfnd_a)−₹250.50')
    expect(within(doc).getByText('Net amount').nextSibling).toHaveTextContent('₹0')
  })

  it('says a partial refund without calling the payment refunded', async () => {
    mockFetch({
      'GET /api/payments/p1/receipt': () =>
        json(
          receipt({
            refundedAmount: 25050,
            refundedAt: '2026-11-22T10:00:00Z',
            refunds: [{ id: 'rfnd_a', amount: 25050, currency: 'INR', processedAt: '2026-11-22T10:00:00Z' }],
          }),
        ),
    })
    open()
    const doc = await screen.findByRole('article', { name: 'Receipt' })
    expect(within(doc).getByText('Partly refunded')).toBeInTheDocument()
    expect(within(doc).getByText('Net amount').nextSibling).toHaveTextContent('₹649.50')
  })

  it('says when there is no such receipt (or it is another member’s)', async () => {
    mockFetch({ 'GET /api/payments/nope/receipt': () => json({ status: 404, message: 'This receipt was not found.', data: {} }, 404) })
    open('nope')
    expect(await screen.findByRole('heading', { name: 'Receipt not found' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Print receipt' })).toBeNull()
    expect(screen.getByRole('link', { name: /Subscription/ })).toHaveAttribute('href', '/subscription')
  })
})
