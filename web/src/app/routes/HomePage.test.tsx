import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch, type MockCall } from '@/test/fetch-mock'
import { appConfig, listingPageHeaders, pageHeaders, makeRequest, makeSponsorship, makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { HomePage } from '@/app/routes/HomePage'

afterEach(() => vi.unstubAllGlobals())

function setup(overrides: Record<string, (call: MockCall) => Response> = {}) {
  return mockFetch({
    'GET /api/session': () => json({ user: makeUser() }),
    'GET /api/app-config': () => json(appConfig),
    'GET /api/sponsorships': (call) =>
      call.url.searchParams.get('cursor') === 'c1'
        ? json([makeSponsorship({ id: 's2', title: 'Second page offer' })], 200, listingPageHeaders({}))
        : json([makeSponsorship()], 200, listingPageHeaders({ total: 2, next: 'c1' })),
    'GET /api/sponsorship-requests': () =>
      json([makeRequest(), makeRequest({ id: 'r2', title: 'Done deal', status: 'sponsored' })], 200, pageHeaders(2, false)),
    'GET /api/applications': () => json([]),
    'POST /api/sponsorships/s1/apply': () => json({ id: 'a1', status: 'pending' }, 201),
    ...overrides,
  })
}

const location = () => screen.getByTestId('location').textContent

describe('HomePage', () => {
  it('keeps both lists mounted, shows the tab from the URL and hides the other', async () => {
    const { calls } = setup()
    renderWithProviders(<HomePage />, { route: '/home?tab=requests' })
    const requests = await screen.findByRole('tabpanel', { name: 'Sponsors Required' })
    expect(await within(requests).findByRole('article', { name: 'Robotics team travel' })).toBeInTheDocument()
    expect(document.getElementById('listing-panel-sponsorships')).not.toBeVisible()
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/sponsorships')).toBe(true))
    expect(within(requests).getByRole('button', { name: 'Sponsored' })).toBeDisabled()
    expect(within(requests).getByRole('button', { name: 'Sponsor' })).toBeEnabled()
  })

  it('sends URL filters to the server and writes new ones back to the URL', async () => {
    const user = userEvent.setup()
    const { calls } = setup()
    renderWithProviders(<HomePage />, { route: '/home?q=code&categories=Education&min=10' })
    await screen.findByRole('article', { name: 'Coding scholarships' })
    const first = calls.find((c) => c.url.pathname === '/api/sponsorships')!
    expect(Object.fromEntries(first.url.searchParams)).toEqual({ q: 'code', categories: 'Education', minAmount: '10' })
    expect(screen.getByTestId('filter-dot')).toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Sponsors Required' }))
    expect(location()).toContain('tab=requests')
    await user.clear(screen.getByRole('searchbox'))
    await user.type(screen.getByRole('searchbox'), 'robot')
    await waitFor(() => expect(location()).toContain('q=robot'))
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/sponsorship-requests' && c.url.searchParams.get('q') === 'robot')).toBe(true),
    )
  })

  it('loads the next page with Load more', async () => {
    const user = userEvent.setup()
    setup()
    renderWithProviders(<HomePage />, { route: '/home' })
    const panel = await screen.findByRole('tabpanel', { name: 'Open Sponsorships' })
    await within(panel).findByRole('article', { name: 'Coding scholarships' })
    expect(within(panel).getByText('Showing 1 of 2')).toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'Load more' }))
    expect(await within(panel).findByRole('article', { name: 'Second page offer' })).toBeInTheDocument()
    expect(within(panel).getByText('Showing 2 of 2')).toBeInTheDocument()
    expect(within(panel).queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('says "about" when the server estimated the total', async () => {
    setup({
      'GET /api/sponsorships': () => json([makeSponsorship()], 200, listingPageHeaders({ total: 14000, estimated: true, next: 'c1' })),
    })
    renderWithProviders(<HomePage />, { route: '/home' })
    const panel = await screen.findByRole('tabpanel', { name: 'Open Sponsorships' })
    expect(await within(panel).findByText('Showing 1 of about 14,000')).toBeInTheDocument()
  })

  it('shows the loading, empty and error texts of the spec', async () => {
    setup({
      'GET /api/sponsorships': () => json([], 200, pageHeaders(0, false)),
      'GET /api/sponsorship-requests': () => json({ status: 500, message: 'boom', data: {} }, 500),
    })
    renderWithProviders(<HomePage />, { route: '/home' })
    expect(await screen.findByText('No sponsorships found. Try adjusting your filters or create a new one.')).toBeInTheDocument()
    expect(await screen.findByText('Error loading sponsorship requests. Please try again.')).toBeInTheDocument()
  })

  it('opens the detail dialog from a card', async () => {
    const user = userEvent.setup()
    setup()
    renderWithProviders(<HomePage />, { route: '/home' })
    await user.click(await screen.findByRole('article', { name: 'Coding scholarships' }))
    const dialog = await screen.findByRole('dialog', { name: 'Coding scholarships' })
    expect(within(dialog).getByText('Sponsorship Amount')).toBeInTheDocument()
    expect(within(dialog).getByText('$1,500')).toBeInTheDocument()
    await user.click(await within(dialog).findByRole('button', { name: 'Apply for Sponsorship' }))
    const apply = await screen.findByRole('dialog', { name: 'Apply for Sponsorship' })
    await user.click(within(apply).getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Application submitted')).toBeInTheDocument()
  })

  it('opens the posting flow from ?create=1 and shows the plans to a member without one', async () => {
    setup()
    renderWithProviders(<HomePage />, { route: '/home?create=1' })
    const gate = await screen.findByRole('dialog', { name: 'Subscription Required' })
    expect(within(gate).getAllByTestId('plan-card')).toHaveLength(3)
  })
})
