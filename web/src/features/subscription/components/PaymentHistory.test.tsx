import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { pageHeaders } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import type { Payment } from '@/lib/api-types.gen'
import { PaymentHistory } from './PaymentHistory'

afterEach(() => vi.unstubAllGlobals())

function payment(overrides: Partial<Payment>): Payment {
  return {
    id: 'p1',
    orderId: 'order_1',
    paymentId: 'pay_1',
    planId: 'monthly',
    planName: '1 Month Plan',
    amount: 40000,
    currency: 'INR',
    status: 'paid',
    receipt: 'sb_u1_1',
    sandbox: false,
    createdAt: '2026-11-20T10:00:00Z',
    activatedAt: '2026-11-20T10:01:00Z',
    receiptNumber: 'SB-000001',
    refundedAmount: 0,
    refundedAt: '',
    ...overrides,
  }
}

const headers = (total: number, hasMore: boolean, page = 1) => pageHeaders(total, hasMore, page, 2)

describe('PaymentHistory', () => {
  it('says when there are no payments', async () => {
    mockFetch({ 'GET /api/payments': () => json([], 200, headers(0, false)) })
    renderWithProviders(<PaymentHistory />)
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument()
  })

  it('lists payments with status badges, rupee amounts and Load more', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({
      'GET /api/payments': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? json(
              [payment({ id: 'p3', planName: '6 Month Plan', amount: 150000, status: 'failed', paymentId: '' })],
              200,
              headers(3, false, 2),
            )
          : json(
              [
                payment({ sandbox: true }),
                payment({ id: 'p2', planName: '3 Month Plan', amount: 90000, status: 'created', paymentId: '' }),
              ],
              200,
              headers(3, true),
            ),
    })
    renderWithProviders(<PaymentHistory />)
    const rows = await screen.findAllByTestId('payment-row')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]).getByText('₹400')).toBeInTheDocument()
    expect(within(rows[0]).getByText('Paid')).toBeInTheDocument()
    expect(within(rows[0]).getByText('Test')).toBeInTheDocument()
    expect(within(rows[0]).getByText('Nov 20, 2026')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Not completed')).toBeInTheDocument()
    expect(within(rows[1]).getByText('—')).toBeInTheDocument()
    // the page size is the server's (X-Per-Page); the first page asks for page 1 only
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1' })
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Failed')).toBeInTheDocument()
    expect(screen.getByText('₹1,500')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('links each paid payment to its receipt and says what was refunded', async () => {
    mockFetch({
      'GET /api/payments': () =>
        json(
          [
            payment({ id: 'p1', receiptNumber: 'SB-000003' }),
            payment({ id: 'p2', refundedAmount: 25050, refundedAt: '2026-11-22T09:00:00Z', receiptNumber: 'SB-000002' }),
            payment({
              id: 'p3',
              status: 'refunded',
              refundedAmount: 40000,
              refundedAt: '2026-11-23T09:00:00Z',
              receiptNumber: 'SB-000001',
            }),
            payment({ id: 'p4', status: 'created', paymentId: '', receiptNumber: '' }),
          ],
          200,
          headers(4, false),
        ),
    })
    renderWithProviders(<PaymentHistory />)
    const rows = await screen.findAllByTestId('payment-row')
    expect(within(rows[0]).getByRole('link', { name: 'Receipt SB-000003' })).toHaveAttribute('href', '/subscription/receipts/p1')
    expect(within(rows[1]).getByText('₹250.50 refunded on Nov 22, 2026')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Paid')).toBeInTheDocument()
    expect(within(rows[2]).getByText('Refunded')).toBeInTheDocument()
    expect(within(rows[2]).getByText('Refunded on Nov 23, 2026')).toBeInTheDocument()
    expect(within(rows[2]).getByRole('link', { name: 'Receipt SB-000001' })).toBeInTheDocument()
    expect(within(rows[3]).queryByRole('link')).toBeNull()
  })

  it('says when the history cannot load', async () => {
    mockFetch({ 'GET /api/payments': () => json({ status: 500, message: 'boom', data: {} }, 500) })
    renderWithProviders(<PaymentHistory />)
    expect(await screen.findByText('Error loading payments. Please try again.')).toBeInTheDocument()
  })
})
