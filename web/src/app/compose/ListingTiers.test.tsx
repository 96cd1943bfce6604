/** A request's packages on its card and in its detail dialog, as the app composes them (sponsoring's list in the listings' slots). */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { appConfig, makeRequest } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { tierLeftText, tierPickLabel, type Packaged, type Tier } from '@/lib/tiers'
import { ListingCard } from '@/features/listings/components/ListingCard'
import { ListingDetailDialog } from '@/features/listings/components/ListingDetailDialog'
import type { SponsorshipRequest } from '@/lib/listing'

function tier(overrides: Partial<Tier>): Tier {
  return {
    id: 't1',
    name: 'Gold',
    price: 5000,
    quantity: 3,
    taken: 1,
    left: 2,
    benefits: [
      { title: 'Logo on the stage banner', due: '' },
      { title: 'Two passes', due: '2027-02-01' },
    ],
    exclusive: false,
    available: true,
    unavailableReason: '',
    saleStart: '',
    saleEnd: '',
    ...overrides,
  }
}

const gold = tier({})
const silver = tier({
  id: 't2',
  name: 'Silver',
  price: 1000,
  quantity: 1,
  taken: 1,
  left: 0,
  available: false,
  unavailableReason: 'Sold out',
})
const bronze = tier({ id: 't3', name: 'Bronze', price: 200, quantity: 0, taken: 4, left: null, exclusive: true })

function packaged(p: Packaged): SponsorshipRequest {
  return { ...makeRequest({ requestedAmount: 10000 }), ...p } as SponsorshipRequest
}

describe('tier texts', () => {
  it('say what is left, sold out or unlimited', () => {
    expect(tierLeftText(gold)).toBe('2 of 3 left')
    expect(tierLeftText(silver)).toBe('Sold out')
    expect(tierLeftText(bronze)).toBe('Unlimited')
    expect(tierPickLabel(gold)).toBe('Pick Gold — $5,000')
  })
})

describe('a request with packages', () => {
  it('its card lists each package with what is left, a sold-out one with its reason, and the Exclusive badge', async () => {
    const item = packaged({ tiers: [gold, silver, bronze], anyAmount: true })
    renderWithProviders(<ListingCard listing={{ kind: 'requests', item }} currentUserId="me" onOpen={() => {}} />)
    const list = await screen.findByRole('list', { name: 'Packages' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((r) => r.textContent)).toEqual(['Gold$5,0002 of 3 left', 'Silver$1,000Sold out', 'BronzeExclusive$200Unlimited'])
    expect(rows[1]).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByTestId('pledge-progress')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sponsor' })).toBeEnabled()
  })

  it("shows the viewer's industry conflict before the pledge and disables every pledge", async () => {
    const item = packaged({
      tiers: [gold],
      industryConflict: 'A sponsor in beverages holds exclusivity here.',
      exclusiveIndustries: ['beverages'],
      clashingIndustries: ['telecom'],
    })
    mockFetch({
      'GET /api/sponsorship-requests/r1': () => json(item),
      'GET /api/sponsorship-requests/r1/matches': () => json([]),
      'GET /api/app-config': () => json(appConfig),
    })
    renderWithProviders(<ListingDetailDialog listing={{ kind: 'requests', item }} currentUserId="me" onClose={() => {}} />)
    const dialog = screen.getByRole('dialog', { name: item.title })
    expect(await within(dialog).findByRole('note')).toHaveTextContent('A sponsor in beverages holds exclusivity here.')
    await waitFor(() =>
      expect(within(dialog).getByTestId('closed-industries')).toHaveTextContent(
        'Held exclusively by a sponsor in Beverages. Not open to sponsors in Telecom.',
      ),
    )
    expect(within(dialog).getByRole('button', { name: 'Pick Gold — $5,000' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Sponsor This Project' })).toBeDisabled()
  })

  it('picking a package pledges it with the message and goes to its deal', async () => {
    const user = userEvent.setup()
    const item = packaged({ tiers: [gold, silver], anyAmount: false, holdDays: 5 })
    const { calls } = mockFetch({
      'GET /api/sponsorship-requests/r1': () => json(item),
      'GET /api/sponsorship-requests/r1/matches': () => json([]),
      'POST /api/sponsorship-requests/r1/sponsor': () =>
        json({ id: 'c1', amount: 5000, status: 'active', request: { id: 'r1', status: 'open' }, dealId: 'd9' }),
    })
    renderWithProviders(<ListingDetailDialog listing={{ kind: 'requests', item }} currentUserId="me" onClose={() => {}} />)
    const dialog = screen.getByRole('dialog', { name: item.title })
    // Packages only: no free-form pledge; the sold-out package cannot be picked.
    expect(within(dialog).queryByRole('button', { name: 'Sponsor This Project' })).toBeNull()
    expect(await within(dialog).findByRole('button', { name: 'Pick Silver — $1,000' })).toBeDisabled()
    expect(within(dialog).getByRole('list', { name: 'Gold benefits' })).toHaveTextContent('Logo on the stage banner')
    await user.click(within(dialog).getByRole('button', { name: 'Pick Gold — $5,000' }))
    const confirm = await screen.findByRole('dialog', { name: 'Pick Gold — $5,000' })
    expect(confirm).toHaveTextContent('held for 5 days until the deal is funded')
    await user.type(within(confirm).getByLabelText('Message to the poster (optional)'), 'Count us in')
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByTestId('location')).toHaveTextContent('/deals/d9')
    expect(calls.find((c) => c.init.method === 'POST')?.body).toEqual({ tier: 't1', message: 'Count us in' })
  })
})
