import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeRequest, makeSponsorship } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { categoryBadgeClass, statusBadgeClass } from './badge-classes'
import { ListingCard } from './ListingCard'

describe('ListingCard', () => {
  beforeEach(() => {
    mockFetch({ 'GET /api/applications': () => json([]) })
  })

  it('shows a sponsorship as the spec describes', async () => {
    const user = userEvent.setup()
    const onOpen = vi.fn()
    renderWithProviders(<ListingCard listing={{ kind: 'sponsorships', item: makeSponsorship({ amount: 1234.4 }) }} onOpen={onOpen} />)
    expect(screen.getByText('$1,234')).toBeInTheDocument()
    expect(screen.getByText('Funding for young coders.')).toHaveClass('line-clamp-2')
    expect(screen.getByRole('link', { name: /Arun Mehta/ })).toHaveAttribute('href', '/profile?userId=u2')
    expect(screen.getByRole('img', { name: 'Verified member' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Pune, India/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Pune%2C%20India',
    )
    await user.click(await screen.findByRole('button', { name: 'Apply' }))
    expect(onOpen).not.toHaveBeenCalled()
    expect(await screen.findByRole('heading', { name: 'Apply for Sponsorship' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('button', { name: 'View Details' }))
    expect(onOpen).toHaveBeenCalledTimes(1)
  })

  it('shows a request with its event date, status and Sponsor/Sponsored', () => {
    renderWithProviders(<ListingCard listing={{ kind: 'requests', item: makeRequest() }} onOpen={() => {}} />)
    expect(screen.getByText('Event date: Feb 14, 2026')).toBeInTheDocument()
    expect(screen.getByText('Open')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sponsor' })).toBeEnabled()
    expect(screen.getByRole('img', { name: 'Unverified member' })).toBeInTheDocument()
  })

  it("shows the poster's track record in brief, and nothing for a newcomer", () => {
    const { unmount } = renderWithProviders(
      <ListingCard
        listing={{
          kind: 'sponsorships',
          item: makeSponsorship({ posterTrack: { reliable: true, completedDeals: 4, rating: 4.5, ratingCount: 2 } }),
        }}
        onOpen={() => {}}
      />,
    )
    const track = screen.getByTestId('poster-track')
    expect(track).toHaveTextContent('Reliable')
    expect(screen.getByText('Reliable')).toHaveAttribute('title', expect.stringContaining('not a background check'))
    expect(track).toHaveTextContent('4 deals done')
    // read by a screen reader: an image named in words (an aria-label on a role-less span is not read)
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toHaveTextContent('★ 4.5')
    unmount()
    renderWithProviders(<ListingCard listing={{ kind: 'sponsorships', item: makeSponsorship() }} onOpen={() => {}} />)
    expect(screen.queryByTestId('poster-track')).not.toBeInTheDocument()
  })

  it("shows a request's poster's audience with where it came from, and nothing without one", () => {
    const request = makeRequest()
    const poster = { ...request.poster, audience: { value: 1200, provenance: 'measured' as const } }
    const { unmount } = renderWithProviders(<ListingCard listing={{ kind: 'requests', item: { ...request, poster } }} onOpen={() => {}} />)
    expect(screen.getByTestId('poster-audience')).toHaveTextContent('Audience 1,200 · Measured')
    expect(screen.getByText('Measured')).toHaveAttribute('title', 'Computed by SponsorBridge from completed deals')
    unmount()
    renderWithProviders(<ListingCard listing={{ kind: 'requests', item: makeRequest() }} onOpen={() => {}} />)
    expect(screen.queryByTestId('poster-audience')).not.toBeInTheDocument()
  })

  it('shows what is pledged in words and as a labelled progress bar', () => {
    renderWithProviders(
      <ListingCard listing={{ kind: 'requests', item: makeRequest({ pledgedAmount: 1000, sponsorCount: 2 }) }} onOpen={() => {}} />,
    )
    const bar = screen.getByRole('progressbar', { name: '$1,000 of $2,500 pledged by 2 sponsors' })
    expect(bar).toHaveAttribute('value', '1000')
    expect(bar).toHaveAttribute('max', '2500')
  })

  it('a pledge starts on the amount and, once confirmed, leaves focus on the card, not at the page’s start', async () => {
    const user = userEvent.setup()
    mockFetch({
      'GET /api/applications': () => json([]),
      'POST /api/sponsorship-requests/r1/sponsor': () =>
        json({ id: 'c1', amount: 500, status: 'active', request: { id: 'r1', title: 'Robotics', amount: 2500, status: 'open' } }, 201),
    })
    renderWithProviders(<ListingCard listing={{ kind: 'requests', item: makeRequest({ id: 'r1' }) }} onOpen={() => {}} />)
    const card = screen.getByRole('article')
    await user.click(within(card).getByRole('button', { name: 'Sponsor' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sponsor This Project' })
    expect(within(dialog).getByLabelText('Amount to pledge (USD)')).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Pledge confirmed')).toBeInTheDocument()
    // the Sponsor button became a disabled "Pledged": focus stays with the card it was on
    await vi.waitFor(() => expect(card).toHaveFocus())
    expect(within(card).getByRole('button', { name: 'Pledged' })).toBeDisabled()
  })

  it("disables Sponsor on a sponsored request and names a missing poster 'User #{id}'", () => {
    renderWithProviders(
      <ListingCard
        listing={{
          kind: 'requests',
          item: makeRequest({
            status: 'sponsored',
            poster: { id: 'x9', username: '', displayName: '', isVerified: false, avatar: '', deleted: false, audience: null },
            userId: 'x9',
          }),
        }}
        onOpen={() => {}}
      />,
    )
    expect(screen.getByRole('button', { name: 'Sponsored' })).toBeDisabled()
    expect(screen.getByText('User #x9')).toBeInTheDocument()
  })

  it.each([
    ['requests', 'event_passed', 'Event date passed'],
    ['requests', 'poster', 'Closed by the poster'],
    ['sponsorships', 'poster', 'Closed by the poster'],
  ] as const)('says why a closed listing cannot be backed (%s, %s)', (kind, reason, text) => {
    const listing =
      kind === 'requests'
        ? ({ kind, item: makeRequest({ status: 'closed', closedReason: reason }) } as const)
        : ({ kind, item: makeSponsorship({ status: 'closed', closedReason: reason }) } as const)
    renderWithProviders(<ListingCard listing={listing} onOpen={() => {}} />)
    expect(screen.getByTestId('closed-reason')).toHaveTextContent(text)
    expect(screen.getByRole('button', { name: 'Closed' })).toBeDisabled()
  })

  it('says nothing more on an open listing', () => {
    renderWithProviders(<ListingCard listing={{ kind: 'requests', item: makeRequest() }} onOpen={() => {}} />)
    expect(screen.queryByTestId('closed-reason')).toBeNull()
  })

  it('shows no action on your own listing', () => {
    renderWithProviders(<ListingCard listing={{ kind: 'sponsorships', item: makeSponsorship() }} currentUserId="u2" onOpen={() => {}} />)
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull()
    expect(screen.getByText('Your listing')).toBeInTheDocument()
  })

  it('colours categories and statuses', () => {
    expect(categoryBadgeClass('Education')).not.toBe(categoryBadgeClass('Arts'))
    expect(categoryBadgeClass('Unknown')).toContain('bg-base-200')
    expect(statusBadgeClass('open')).not.toBe(statusBadgeClass('sponsored'))
    expect(statusBadgeClass('closed')).toContain('gray')
  })
})
