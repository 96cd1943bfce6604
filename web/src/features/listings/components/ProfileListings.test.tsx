import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeRequest, makeSponsorship, pageHeaders } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { ProfileListings } from './ProfileListings'

function lists(sponsorships: unknown[], requests: unknown[]) {
  mockFetch({
    'GET /api/sponsorships': () => json(sponsorships, 200, pageHeaders(sponsorships.length, false)),
    'GET /api/sponsorship-requests': () => json(requests, 200, pageHeaders(requests.length, false)),
    'GET /api/applications': () => json([]),
  })
}

describe('ProfileListings', () => {
  it('opens on Sponsors Required for a member who posted only requests, not on an empty tab', async () => {
    lists([], [makeRequest({ title: 'Robotics team travel' })])
    renderWithProviders(<ProfileListings userId="u2" currentUserId="u1" isOwn={false} />)
    expect(await screen.findByRole('heading', { name: 'Robotics team travel' })).toBeVisible()
    expect(screen.getByRole('tab', { name: 'Sponsors Required' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByText('This member has not posted any listings of this kind yet.')).not.toBeVisible()
  })

  it('opens on Open Sponsorships when there are some, and keeps the tab the member chooses', async () => {
    const user = userEvent.setup()
    lists([makeSponsorship({ title: 'Scholarships for coders' })], [])
    renderWithProviders(<ProfileListings userId="u2" currentUserId="u1" isOwn={false} />)
    expect(await screen.findByRole('heading', { name: 'Scholarships for coders' })).toBeVisible()
    expect(screen.getByRole('tab', { name: 'Open Sponsorships' })).toHaveAttribute('aria-selected', 'true')
    await user.click(screen.getByRole('tab', { name: 'Sponsors Required' }))
    const panel = screen.getByRole('tabpanel')
    expect(within(panel).getByText('This member has not posted any listings of this kind yet.')).toBeVisible()
  })
})
