import { screen, within } from '@testing-library/react'
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

describe("ListingAction with the member's own pledge", () => {
  const pledged = makeRequest({
    pledgedAmount: 1200,
    sponsorCount: 1,
    myPledge: { id: 'c1', amount: 1200, createdAt: '2026-01-02T00:00:00Z' },
  })

  it('a card says Pledged and takes no second pledge', () => {
    renderWithProviders(<ListingAction listing={{ kind: 'requests', item: pledged }} currentUserId="u1" />)
    expect(screen.getByRole('button', { name: 'Pledged' })).toBeDisabled()
  })

  it('the detail view withdraws it with a reason, and the request takes pledges again', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({
      'POST /api/commitments/c1/withdraw': () =>
        json({
          id: 'c1',
          amount: 1200,
          status: 'withdrawn',
          withdrawReason: 'Budget cut',
          request: { id: 'r1', title: 'Robotics team travel', amount: 2500, status: 'open' },
        }),
    })
    renderWithProviders(<ListingAction listing={{ kind: 'requests', item: pledged }} currentUserId="u1" detail />)
    expect(screen.getByText('Your pledge: $1,200')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Withdraw pledge' }))
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your pledge' })
    expect(dialog).toHaveTextContent('Withdraw your pledge of $1,200 to “Robotics team travel”? The poster reads your reason.')
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw pledge' }))
    expect(await within(dialog).findByText('Tell the poster why you are withdrawing')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Why are you withdrawing?'), 'Budget cut')
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw pledge' }))
    expect(await screen.findByText('Pledge withdrawn')).toBeInTheDocument()
    expect(calls.find((c) => c.url.pathname === '/api/commitments/c1/withdraw')?.body).toEqual({ reason: 'Budget cut' })
    expect(await screen.findByRole('button', { name: 'Sponsor This Project' })).toBeEnabled()
  })
})
