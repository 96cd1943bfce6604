import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeRequest, makeSponsorship } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import type { Listing } from '@/lib/listing'
import { ListingDetailDialog } from './ListingDetailDialog'

afterEach(() => vi.unstubAllGlobals())

const offer: Listing = { kind: 'sponsorships', item: makeSponsorship() }
const request: Listing = { kind: 'requests', item: makeRequest({ id: 'r9' }) }

describe('Report on the detail dialog', () => {
  it('is offered to signed-in members only, never on their own listing', () => {
    mockFetch({})
    const { unmount } = renderWithProviders(<ListingDetailDialog listing={offer} onClose={() => {}} />)
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument()
    unmount()
    renderWithProviders(<ListingDetailDialog listing={offer} currentUserId={offer.item.userId} onClose={() => {}} />)
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument()
  })

  it('needs a reason, sends it, thanks the member and then reads Reported', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({
      'POST /api/sponsorship-requests/r9/report': () =>
        json({ id: 'x', kind: 'sponsorship-requests', listingId: 'r9', reason: 'Spam', createdAt: '' }, 201),
    })
    renderWithProviders(<ListingDetailDialog listing={request} currentUserId="me" onClose={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Report' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report listing' })
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await within(dialog).findByText('Please tell us why you are reporting this listing')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Why are you reporting this listing?'), 'Spam')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('Report sent')).toBeInTheDocument()
    expect(screen.getByText('Thank you. An administrator will review this listing.')).toBeInTheDocument()
    expect(calls.find((c) => c.init.method === 'POST')?.body).toEqual({ reason: 'Spam' })
    expect(screen.getByRole('button', { name: 'Reported' })).toBeDisabled()
  })

  it('says clearly when the member already reported the listing', async () => {
    const user = userEvent.setup()
    mockFetch({
      'POST /api/sponsorships/s1/report': () => json({ status: 409, message: 'You have already reported this listing.', data: {} }, 409),
    })
    renderWithProviders(<ListingDetailDialog listing={offer} currentUserId="me" onClose={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Report' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report listing' })
    await user.type(within(dialog).getByLabelText('Why are you reporting this listing?'), 'Again')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('You have already reported this listing.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reported' })).toBeDisabled()
  })
})
