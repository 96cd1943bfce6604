import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import { MatchesSection } from './MatchesSection'

afterEach(() => vi.unstubAllGlobals())

describe('MatchesSection', () => {
  it('on an open listing with no match yet, promises its poster to tell', async () => {
    mockFetch({ 'GET /api/sponsorship-requests/r1/matches': () => json([]) })
    renderWithProviders(<MatchesSection kind="requests" id="r1" own />)
    expect(await screen.findByText(/No matches yet\. We will tell you when a matching offer is posted\./)).toBeInTheDocument()
  })

  it('promises nothing to someone else (only the poster is told of a match)', async () => {
    mockFetch({ 'GET /api/sponsorship-requests/r1/matches': () => json([]) })
    renderWithProviders(<MatchesSection kind="requests" id="r1" />)
    expect(await screen.findByText('No matches yet.')).toBeInTheDocument()
    expect(screen.getByTestId('matches')).not.toHaveTextContent('We will tell you')
  })

  it('on a closed listing, says it is closed and promises no alert (and asks the server nothing)', async () => {
    const { calls } = mockFetch({})
    renderWithProviders(<MatchesSection kind="requests" id="r1" closedReason="poster" />)
    const section = screen.getByTestId('matches')
    expect(section).toHaveTextContent('This listing is closed, so it has no matches and no match alerts.')
    expect(section).not.toHaveTextContent('We will tell you')
    expect(screen.queryByRole('checkbox', { name: 'Verified posters only' })).toBeNull()
    expect(calls.filter((c) => c.url.pathname.endsWith('/matches'))).toEqual([])
  })

  it('says why for a request whose event passed or that is fully sponsored', () => {
    mockFetch({})
    const { unmount } = renderWithProviders(<MatchesSection kind="requests" id="r1" closedReason="event_passed" />)
    expect(screen.getByTestId('matches')).toHaveTextContent('The event date has passed, so this request has no matches')
    unmount()
    renderWithProviders(<MatchesSection kind="requests" id="r2" closedReason="sponsored" />)
    expect(screen.getByTestId('matches')).toHaveTextContent('This request is fully sponsored, so it has no matches')
  })
})
