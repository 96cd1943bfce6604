import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeRequest } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import type { ClosedReason, Listing } from '@/lib/listing'
import { ListingDetailDialog } from './ListingDetailDialog'

afterEach(() => vi.unstubAllGlobals())

/** The poster's closed request in the detail dialog (the app's slots: posting's Edit, sponsoring's actions). */
function showOwn(closedReason: ClosedReason) {
  const item = makeRequest({ userId: 'me', status: 'closed', closedReason })
  mockFetch({
    'GET /api/sponsorship-requests/r1': () => json(item),
    'GET /api/sponsorship-requests/r1/matches': () => json([]),
    'GET /api/app-config': () => json({ categories: ['Education'], plans: [] }),
  })
  const listing: Listing = { kind: 'requests', item }
  renderWithProviders(<ListingDetailDialog listing={listing} currentUserId="me" onClose={() => {}} />)
  return screen.getByRole('dialog', { name: item.title })
}

describe("the poster's closed request", () => {
  it('closed by its poster: says so and offers Reopen', () => {
    const dialog = showOwn('poster')
    expect(within(dialog).getByTestId('closed-reason')).toHaveTextContent('Closed by the poster')
    expect(within(dialog).getByRole('button', { name: 'Reopen request' })).toBeEnabled()
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeEnabled()
  })

  it('event passed: says so and offers "Change the event date to reopen", which opens the edit form, never Reopen', async () => {
    const user = userEvent.setup()
    const dialog = showOwn('event_passed')
    expect(within(dialog).getByTestId('closed-reason')).toHaveTextContent('Event date passed')
    expect(within(dialog).queryByRole('button', { name: 'Reopen request' })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Change the event date to reopen' }))
    const edit = await screen.findByRole('dialog', { name: 'Edit Sponsorship Request' })
    expect(edit).toHaveTextContent('saving reopens the request')
    // it opens on what the poster came to change
    expect(within(edit).getByLabelText('Event Date (optional)')).toHaveFocus()
  })

  it('Edit opens the form on the title', async () => {
    const user = userEvent.setup()
    const dialog = showOwn('poster')
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }))
    const edit = await screen.findByRole('dialog', { name: 'Edit Sponsorship Request' })
    expect(within(edit).getByLabelText('Title')).toHaveFocus()
  })
})
