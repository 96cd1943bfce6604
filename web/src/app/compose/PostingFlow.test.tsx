import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { appConfig, makeSponsorship, makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { PostingFlow } from '@/app/compose/PostingFlow'

afterEach(() => vi.unstubAllGlobals())

const subscribed = makeUser({
  subscriptionActive: true,
  subscriptionStatus: 'active',
  subscriptionPlan: 'monthly',
  subscriptionExpiry: '2030-01-01T00:00:00Z',
})

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Continue to Post Form' }))
  return screen.findByRole('dialog', { name: 'Create New Listing' })
}

describe('PostingFlow', () => {
  it('shows the active view, then the form with the initial type', async () => {
    const user = userEvent.setup()
    mockFetch({ 'GET /api/app-config': () => json(appConfig) })
    renderWithProviders(<PostingFlow user={subscribed} initialKind="requests" onClose={() => {}} />)
    expect(await screen.findByText(/is active until/)).toHaveTextContent('1 Month Plan')
    const form = await openForm(user)
    expect(within(form).getByRole('tab', { name: 'Sponsors Required' })).toHaveAttribute('aria-selected', 'true')
    expect(within(form).getByLabelText('Requested Amount (USD)')).toHaveValue(0)
    expect(within(form).getByLabelText('Event Date (optional)')).toBeInTheDocument()
  })

  it('validates with the spec messages', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({ 'GET /api/app-config': () => json(appConfig) })
    renderWithProviders(<PostingFlow user={subscribed} initialKind="sponsorships" onClose={() => {}} />)
    const form = await openForm(user)
    await user.click(within(form).getByRole('button', { name: 'Post Open Sponsorship' }))
    expect(await within(form).findByText('Title is required')).toBeInTheDocument()
    expect(within(form).getByText('Description is required')).toBeInTheDocument()
    expect(within(form).getByText('Amount must be greater than 0')).toBeInTheDocument()
    expect(within(form).getByText('Select at least one category')).toBeInTheDocument()
    expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(0)
  })

  it('posts, toasts and refreshes the lists by key prefix', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    const { calls } = mockFetch({
      'GET /api/app-config': () => json(appConfig),
      'POST /api/sponsorships': () => json(makeSponsorship({ id: 'new' }), 201),
    })
    const { queryClient } = renderWithProviders(<PostingFlow user={subscribed} initialKind="sponsorships" onClose={onClose} />)
    queryClient.setQueryData(['sponsorships', 'list', { q: '' }], { pages: [], pageParams: [] })
    const form = await openForm(user)
    await user.type(within(form).getByLabelText('Title'), 'Theatre grants')
    await user.type(within(form).getByLabelText('Description'), 'For community theatre.')
    await user.clear(within(form).getByLabelText('Amount (USD)'))
    await user.type(within(form).getByLabelText('Amount (USD)'), '750')
    await user.click(within(form).getByLabelText('Arts'))
    await user.click(within(form).getByRole('button', { name: 'Post Open Sponsorship' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const post = calls.find((c) => c.init.method === 'POST')!
    expect(post.body).toEqual({
      title: 'Theatre grants',
      description: 'For community theatre.',
      amount: 750,
      location: '',
      categories: ['Arts'],
      userId: 'u1',
      // No rules: anyone may apply (docs/api/eligibility.md).
      criteria: { locations: [], categories: [], eventFrom: '', eventTo: '', minAudience: 0, verifiedOnly: false, reliableOnly: false },
      applicationCap: 0,
      questions: [],
    })
    expect(screen.getByText('Open Sponsorship created')).toBeInTheDocument()
    expect(queryClient.getQueryState(['sponsorships', 'list', { q: '' }])?.isInvalidated).toBe(true)
  })

  it("shows the server's 429 message in the destructive toast", async () => {
    const user = userEvent.setup()
    mockFetch({
      'GET /api/app-config': () => json(appConfig),
      'POST /api/sponsorship-requests': () =>
        json({ status: 429, message: 'Your plan allows one new listing every 24 hours. You can post again after 10:00.', data: {} }, 429),
    })
    renderWithProviders(<PostingFlow user={subscribed} initialKind="requests" onClose={() => {}} />)
    const form = await openForm(user)
    await user.type(within(form).getByLabelText('Title'), 'Kits')
    await user.type(within(form).getByLabelText('Description'), 'Football kits.')
    await user.clear(within(form).getByLabelText('Requested Amount (USD)'))
    await user.type(within(form).getByLabelText('Requested Amount (USD)'), '300')
    await user.click(within(form).getByLabelText('Community'))
    await user.click(within(form).getByRole('button', { name: 'Post Sponsors Required' }))
    const alert = await screen.findByText('Failed to create request')
    expect(alert.closest('[data-testid="toast"]')).toHaveTextContent('You can post again after 10:00.')
    expect(screen.getByRole('dialog', { name: 'Create New Listing' })).toBeInTheDocument()
  })

  it('puts server field messages on the fields (requestedAmount on the amount)', async () => {
    const user = userEvent.setup()
    mockFetch({
      'GET /api/app-config': () => json(appConfig),
      'POST /api/sponsorship-requests': () =>
        json(
          { status: 400, message: 'Invalid listing.', data: { requestedAmount: { code: 'x', message: 'Amount must be a whole number' } } },
          400,
        ),
    })
    renderWithProviders(<PostingFlow user={subscribed} initialKind="requests" onClose={() => {}} />)
    const form = await openForm(user)
    await user.type(within(form).getByLabelText('Title'), 'Kits')
    await user.type(within(form).getByLabelText('Description'), 'Football kits.')
    await user.type(within(form).getByLabelText('Requested Amount (USD)'), '5')
    await user.click(within(form).getByLabelText('Community'))
    await user.click(within(form).getByRole('button', { name: 'Post Sponsors Required' }))
    expect(await within(form).findByText('Amount must be a whole number')).toBeInTheDocument()
  })

  it('goes back to the subscription step when the post answers 402', async () => {
    const user = userEvent.setup()
    const message = 'An active subscription is required to post. Choose a plan to continue.'
    mockFetch({
      'GET /api/app-config': () => json(appConfig),
      'POST /api/sponsorships': () => json({ status: 402, message, data: {} }, 402),
    })
    renderWithProviders(<PostingFlow user={subscribed} initialKind="sponsorships" onClose={() => {}} />)
    const form = await openForm(user)
    await user.type(within(form).getByLabelText('Title'), 'Late')
    await user.type(within(form).getByLabelText('Description'), 'Plan ended meanwhile.')
    await user.clear(within(form).getByLabelText('Amount (USD)'))
    await user.type(within(form).getByLabelText('Amount (USD)'), '100')
    await user.click(within(form).getByLabelText('Arts'))
    await user.click(within(form).getByRole('button', { name: 'Post Open Sponsorship' }))
    expect(await screen.findByText('Failed to create sponsorship')).toBeInTheDocument()
    expect(screen.getByText(message)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Listing' })).toBeNull())
    expect(screen.getByRole('dialog', { name: 'Your subscription is active' })).toBeInTheDocument()
  })

  it('disables Continue while the daily allowance is used up', async () => {
    mockFetch({ 'GET /api/app-config': () => json(appConfig) })
    renderWithProviders(
      <PostingFlow user={{ ...subscribed, canPostAt: '2030-01-01T10:00:00Z' }} initialKind="requests" onClose={() => {}} />,
    )
    expect(await screen.findByRole('button', { name: 'Continue to Post Form' })).toBeDisabled()
    expect(screen.getByText(/one new listing every 24 hours/)).toBeInTheDocument()
  })
})
