import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeRequest } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { SponsorDialog } from './SponsorDialog'

// $2,000 of $3,200 pledged: $1,200 is still open.
const request = { id: 'r1', title: 'Health camp', requestedAmount: 3200, pledgedAmount: 2000 }

function answer(amount: number, status: 'open' | 'sponsored') {
  return json({ id: 'c1', amount, status: 'active', request: { id: 'r1', title: 'Health camp', amount: 3200, status } }, 201)
}

describe('SponsorDialog', () => {
  it('offers what is still open and pledges it', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({ 'POST /api/sponsorship-requests/r1/sponsor': () => answer(1200, 'sponsored') })
    const onClose = vi.fn()
    renderWithProviders(<SponsorDialog open request={request} onClose={onClose} />)
    expect(screen.getByText('$2,000 of $3,200 is pledged to “Health camp”; $1,200 is still open.')).toBeInTheDocument()
    expect(screen.getByLabelText('Amount to pledge (USD)')).toHaveValue(1200)
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Sponsorship confirmed')).toBeInTheDocument()
    expect(calls.find((c) => c.url.pathname === '/api/sponsorship-requests/r1/sponsor')?.body).toEqual({ amount: 1200, message: '' })
    expect(onClose).toHaveBeenCalled()
  })

  it('pledges a part and says how much', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({ 'POST /api/sponsorship-requests/r1/sponsor': () => answer(500, 'open') })
    renderWithProviders(<SponsorDialog open request={request} onClose={() => {}} />)
    const amount = screen.getByLabelText('Amount to pledge (USD)')
    await user.clear(amount)
    await user.type(amount, '500')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Pledge confirmed')).toBeInTheDocument()
    expect(screen.getByText('You pledged $500 to this project.')).toBeInTheDocument()
    expect(calls.find((c) => c.url.pathname === '/api/sponsorship-requests/r1/sponsor')?.body).toEqual({ amount: 500, message: '' })
  })

  it.each([
    ['1201', 'Only $1,200 is still open on this request. Pledge at most that.'],
    ['0', 'Amount must be at least 1'],
    ['-4', 'Amount must be at least 1'],
    ['12.5', 'Amount must be a whole number'],
    ['', 'Amount must be a whole number'],
  ])('checks %j before sending: %s', async (value, message) => {
    const user = userEvent.setup()
    const { calls } = mockFetch({})
    renderWithProviders(<SponsorDialog open request={request} onClose={() => {}} />)
    const amount = screen.getByLabelText('Amount to pledge (USD)')
    await user.clear(amount)
    if (value) await user.type(amount, value)
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(calls.some((c) => c.url.pathname.endsWith('/sponsor'))).toBe(false)
  })

  it('shows under the amount what the server says is still open when another sponsor came first', async () => {
    const user = userEvent.setup()
    mockFetch({
      'POST /api/sponsorship-requests/r1/sponsor': () =>
        json({ status: 409, message: 'Only $200 is still open on this request. Pledge at most that.', data: {} }, 409),
      'GET /api/sponsorship-requests/r1': () => json(makeRequest({ status: 'open', requestedAmount: 3200, pledgedAmount: 3000 })),
    })
    const onClose = vi.fn()
    renderWithProviders(<SponsorDialog open request={request} onClose={onClose} />)
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Only $200 is still open on this request. Pledge at most that.')).toBeInTheDocument()
    expect(screen.getByLabelText('Amount to pledge (USD)')).toHaveAccessibleDescription(
      'Only $200 is still open on this request. Pledge at most that.',
    )
    expect(onClose).not.toHaveBeenCalled()
  })
})
