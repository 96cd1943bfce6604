import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeRequest } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { ListingAction } from './ListingAction'

/** A lost sponsor race (409) shows what the server says the request is now, whatever its message's words. */
describe('ListingAction after a 409 on Sponsor', () => {
  it.each([
    ['closed', 'Closed'],
    ['sponsored', 'Sponsored'],
  ] as const)('reads the request again: %s', async (now, label) => {
    const user = userEvent.setup()
    const { calls } = mockFetch({
      'POST /api/sponsorship-requests/r1/sponsor': () => json({ status: 409, message: 'No longer possible.', data: {} }, 409),
      'GET /api/sponsorship-requests/r1': () => json(makeRequest({ status: now })),
    })
    renderWithProviders(<ListingAction listing={{ kind: 'requests', item: makeRequest() }} currentUserId="u1" />)
    await user.click(screen.getByRole('button', { name: 'Sponsor' }))
    await user.click(await screen.findByRole('button', { name: 'Confirm' }))
    expect(await screen.findByRole('button', { name: label })).toBeDisabled()
    expect(calls.some((c) => c.url.pathname === '/api/sponsorship-requests/r1' && (c.init.method ?? 'GET') === 'GET')).toBe(true)
  })
})
