import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch, type MockCall } from '@/test/fetch-mock'
import { appConfig, listResponse, makeRequest, makeSponsorship, makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import type { ActiveSubscription, ModerationItem, SubscriptionsSummary } from '@/features/admin/types'
import { AdminPage } from '@/app/routes/AdminPage'

afterEach(() => vi.unstubAllGlobals())

const reported: ModerationItem = {
  kind: 'sponsorships',
  listing: makeSponsorship({ reviewed: true, approved: true }),
  reports: {
    count: 2,
    reasons: [
      {
        id: 'rep1',
        reason: 'Looks like a scam',
        createdAt: '2025-11-22T10:00:00Z',
        reporter: { id: 'u9', username: 'zed', displayName: 'Zed', avatar: '', isVerified: false, deleted: false },
      },
    ],
  },
}
const pending: ModerationItem = { kind: 'sponsorship-requests', listing: makeRequest(), reports: { count: 0, reasons: [] } }

const activeSubscriptions: ActiveSubscription[] = [
  {
    member: { id: 'u1', username: 'admin', displayName: 'Admin', avatar: '', isVerified: true, deleted: false },
    email: 'a@x.in',
    plan: 'quarterly',
    planName: '3 Month Plan',
    expiry: '2026-02-01T00:00:00Z',
  },
]

const subscriptions: SubscriptionsSummary = {
  plans: [{ plan: 'quarterly', name: '3 Month Plan', price: 900, active: 1 }],
  totals: { active: 1, lapsed: 2, activePlanValue: 900 },
  payments: {
    available: true,
    count: 3,
    paid: 2,
    totals: [{ currency: 'INR', amount: 130000, count: 2, refunded: 40000 }],
    recent: [
      {
        id: 'p1',
        orderId: 'order_1',
        member: { id: 'u1', username: 'admin', displayName: 'Admin', avatar: '', isVerified: true, deleted: false },
        plan: 'quarterly',
        amount: 90000,
        currency: 'INR',
        status: 'paid',
        provider: 'sandbox',
        createdAt: '2025-11-22T10:00:00Z',
        receiptNumber: 'SB-000001',
        refundedAmount: 0,
        refundedAt: '',
      },
      {
        id: 'p2',
        orderId: 'order_2',
        member: { id: 'u2', username: 'dan', displayName: 'Dan', avatar: '', isVerified: false, deleted: false },
        plan: 'monthly',
        amount: 40000,
        currency: 'INR',
        status: 'refunded',
        provider: 'razorpay',
        createdAt: '2025-11-21T10:00:00Z',
        receiptNumber: 'SB-000002',
        refundedAmount: 40000,
        refundedAt: '2025-11-23T10:00:00Z',
      },
    ],
  },
}

function setup(overrides: Record<string, (call: MockCall) => Response> = {}) {
  return mockFetch({
    'GET /api/session': () => json({ user: makeUser({ id: 'admin1', isAdmin: true }) }),
    'GET /api/app-config': () => json(appConfig),
    'GET /api/admin/overview': () =>
      json({
        pendingReview: 2,
        reported: 1,
        members: 4,
        verified: 1,
        administrators: 1,
        activeSubscriptions: 1,
        openContactMessages: 0,
        openDisputes: 0,
        dashboardUrl: '/_/',
      }),
    'GET /api/admin/moderation': () => listResponse([reported, pending]),
    'GET /api/admin/subscriptions/summary': () => json(subscriptions),
    'GET /api/admin/subscriptions': () => listResponse(activeSubscriptions),
    ...overrides,
  })
}

describe('AdminPage', () => {
  it('shows the counters and the queue, reported rows with their reasons', async () => {
    setup()
    renderWithProviders(<AdminPage />, { route: '/admin' })
    expect(await within(screen.getByTestId('counter-pendingReview')).findByText('2')).toBeInTheDocument()
    const rows = await screen.findAllByTestId('moderation-row')
    expect(within(rows[0]).getByText('Reported ×2')).toBeInTheDocument()
    expect(within(rows[0]).getByText('“Looks like a scam”')).toBeInTheDocument()
    expect(within(rows[0]).getByRole('img', { name: 'Unverified member' })).toBeInTheDocument()
    expect(within(rows[0]).getByText('Approved')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Pending')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Open superuser dashboard/ })).toHaveAttribute('href', '/_/')
  })

  it('approves a listing and refreshes the queue', async () => {
    const user = userEvent.setup()
    const { calls } = setup({
      'POST /api/admin/listings/sponsorship-requests/r1/approve': () => json(makeRequest({ reviewed: true, approved: true })),
    })
    renderWithProviders(<AdminPage />, { route: '/admin' })
    const rows = await screen.findAllByTestId('moderation-row')
    await user.click(within(rows[1]).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('Listing approved')).toBeInTheDocument()
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/admin/moderation')).toHaveLength(2))
  })

  it('rejects only with a reason, and shows the server field message', async () => {
    const user = userEvent.setup()
    let attempt = 0
    const { calls } = setup({
      'POST /api/admin/listings/sponsorships/s1/reject': () =>
        ++attempt === 1
          ? json(
              { status: 400, message: 'Invalid.', data: { reason: { code: 'x', message: 'Reason must be at most 500 characters' } } },
              400,
            )
          : json(makeSponsorship({ reviewed: true, approved: false, rejectionReason: 'Add dates' })),
    })
    renderWithProviders(<AdminPage />, { route: '/admin' })
    const rows = await screen.findAllByTestId('moderation-row')
    await user.click(within(rows[0]).getByRole('button', { name: 'Reject' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject listing' })
    await user.click(within(dialog).getByRole('button', { name: 'Reject listing' }))
    expect(await within(dialog).findByText('A reason is required to reject a listing')).toBeInTheDocument()
    expect(calls.some((c) => c.url.pathname.endsWith('/reject'))).toBe(false)

    await user.type(within(dialog).getByLabelText('Reason (shown to the poster)'), 'Add dates')
    expect(within(dialog).getByText('9 / 500')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Reject listing' }))
    expect(await within(dialog).findByText('Reason must be at most 500 characters')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Reject listing' }))
    expect(await screen.findByText('Listing rejected')).toBeInTheDocument()
    expect(calls.find((c) => c.url.pathname.endsWith('/reject'))?.body).toEqual({ reason: 'Add dates' })
  })

  it('opens the tab named in the URL: subscriptions with totals in rupees (payments in paise)', async () => {
    setup()
    renderWithProviders(<AdminPage />, { route: '/admin?tab=subscriptions' })
    expect(screen.getByRole('tab', { name: 'Subscriptions & payments' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByText('Value at catalogue prices, not revenue')).toBeInTheDocument()
    // one money format, the members' one: whole rupees without paise
    expect(screen.getAllByText('₹900').length).toBeGreaterThan(1)
    expect(screen.queryAllByText(/₹900\.00/)).toHaveLength(0)
    // the table (a tablet, a computer) and the phone's cards show the same columns
    const table = screen.getByRole('region', { name: 'Recent payments table' })
    const cards = screen.getByRole('list', { name: 'Recent payments' })
    for (const payments of [table, cards]) {
      expect(within(payments).getByText('order_1')).toBeInTheDocument()
      // refunds: per payment; each receipt one click away
      expect(within(payments).getByText('Refunded')).toBeInTheDocument()
      expect(within(payments).getByText('₹400 refunded Nov 23, 2025')).toBeInTheDocument()
      expect(within(payments).getByRole('link', { name: 'SB-000002' })).toHaveAttribute('href', '/subscription/receipts/p2')
    }
    expect(screen.getByText(/refunded ₹400$/)).toBeInTheDocument()
    // a phone's card names each value by its column
    const card = within(cards).getAllByRole('listitem')[0]
    expect(
      within(card)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Order', 'Member', 'Plan', 'Amount', 'Status', 'Provider', 'Date', 'Receipt'])
  })

  it('says so when payments are not recorded', async () => {
    setup({
      'GET /api/admin/subscriptions/summary': () =>
        json({ ...subscriptions, payments: { available: false, count: 0, paid: 0, totals: [], recent: [] } }),
    })
    renderWithProviders(<AdminPage />, { route: '/admin?tab=subscriptions' })
    expect(await screen.findByText('Payments are not recorded yet.')).toBeInTheDocument()
  })

  it('switches tabs into the URL', async () => {
    const user = userEvent.setup()
    setup({ 'GET /api/admin/audit': () => listResponse([]) })
    renderWithProviders(<AdminPage />, { route: '/admin' })
    await user.click(screen.getByRole('tab', { name: 'Audit log' }))
    expect(screen.getByTestId('location').textContent).toBe('/admin?tab=audit')
    expect(await screen.findByText('No moderation actions recorded yet.')).toBeInTheDocument()
  })
})
