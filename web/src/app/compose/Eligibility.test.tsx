/** An offer's rules and the member's eligibility on its card and in its detail dialog, as the app composes them. */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { appConfig, makeSponsorship } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { ListingCard } from '@/features/listings/components/ListingCard'
import { ListingDetailDialog } from '@/features/listings/components/ListingDetailDialog'
import type { Reason } from '@/lib/api-types.gen'

const criteria = {
  locations: ['Pune', 'Mumbai'],
  categories: ['Education'],
  eventFrom: '',
  eventTo: '',
  minAudience: 0,
  verifiedOnly: true,
  reliableOnly: false,
}
const location: Reason = { code: 'location', message: 'This sponsor supports events in Pune and Mumbai only.' }
const verified: Reason = { code: 'verified', message: 'This sponsor takes applications from verified members only.' }
const offer = (eligibility: Reason[]) =>
  makeSponsorship({ criteria, applicationCap: 50, applicationCount: 12, questions: [], eligibility, applied: false })

describe("an offer's rules", () => {
  it('a card summarises them for everyone', () => {
    renderWithProviders(<ListingCard listing={{ kind: 'sponsorships', item: offer([]) }} onOpen={() => {}} />)
    expect(screen.getByTestId('criteria-summary')).toHaveTextContent(
      'Who can apply: Pune, Mumbai · Education · verified members · 12 of 50 places taken',
    )
    expect(screen.queryByTestId('eligibility-note')).toBeNull()
  })

  it('a card says the first rule the member fails, and its Apply is disabled with it', () => {
    renderWithProviders(
      <ListingCard listing={{ kind: 'sponsorships', item: offer([location, verified]) }} currentUserId="me" onOpen={() => {}} />,
    )
    expect(screen.getByTestId('eligibility-note')).toHaveTextContent(location.message)
    expect(screen.queryByText(verified.message)).toBeNull()
    const apply = screen.getByRole('button', { name: 'Apply' })
    expect(apply).toBeDisabled()
    expect(apply).toHaveAccessibleDescription(location.message)
  })

  it('the dialog says every rule the member fails, links to their events, and disables Apply', async () => {
    const item = offer([location, verified])
    mockFetch({
      'GET /api/sponsorships/s1': () => json(item),
      'GET /api/sponsorships/s1/matches': () => json([]),
      'GET /api/app-config': () => json(appConfig),
    })
    renderWithProviders(<ListingDetailDialog listing={{ kind: 'sponsorships', item }} currentUserId="me" onClose={() => {}} />)
    const dialog = screen.getByRole('dialog', { name: item.title })
    const note = within(dialog).getByTestId('eligibility-note')
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([location.message, verified.message])
    expect(within(note).getByRole('link', { name: 'Update your events' })).toHaveAttribute('href', '/settings#settings-events')
    expect(within(dialog).getByRole('button', { name: 'Apply for Sponsorship' })).toBeDisabled()
    expect(within(dialog).getByTestId('criteria-summary')).toHaveTextContent('Pune, Mumbai · Education · verified members')
  })

  it('no link to the events when only the member’s marks fail', () => {
    const item = offer([verified])
    renderWithProviders(<ListingDetailDialog listing={{ kind: 'sponsorships', item }} currentUserId="me" onClose={() => {}} />)
    expect(screen.getByTestId('eligibility-note')).toHaveTextContent(verified.message)
    expect(screen.queryByRole('link', { name: 'Update your events' })).toBeNull()
  })

  it('an eligible member applies as before', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ListingCard listing={{ kind: 'sponsorships', item: offer([]) }} currentUserId="me" onOpen={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByRole('dialog', { name: 'Apply for Sponsorship' })).toBeInTheDocument()
  })

  it('a cap reached is said once, to everyone, and closes Apply', () => {
    const cap: Reason = { code: 'cap', message: 'This sponsorship has all the applications it takes (50).' }
    const item = { ...offer([cap, verified]), applicationCount: 50, closedReason: 'cap' as const }
    renderWithProviders(<ListingCard listing={{ kind: 'sponsorships', item }} currentUserId="me" onOpen={() => {}} />)
    expect(screen.getAllByText(cap.message)).toHaveLength(1)
    expect(screen.getByTestId('closed-reason')).toHaveTextContent(cap.message)
    expect(screen.getByTestId('eligibility-note')).toHaveTextContent(verified.message)
    expect(screen.getByRole('button', { name: 'Closed' })).toBeDisabled()
  })
})
