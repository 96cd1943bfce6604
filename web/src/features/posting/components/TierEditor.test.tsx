import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api'
import { json, mockFetch } from '@/test/fetch-mock'
import { appConfig, makeRequest } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import type { SponsorshipRequest } from '@/lib/listing'
import type { Packaged, Tier } from '@/lib/tiers'
import { packagesFieldErrors } from '../tiers'
import { EditListingDialog } from './EditListingDialog'

const industries = [
  { key: 'beverages', label: 'Beverages' },
  { key: 'telecom', label: 'Telecom' },
  { key: 'other', label: 'Other' },
]

const gold: Tier = {
  id: 'tg',
  name: 'Gold',
  price: 5000,
  quantity: 3,
  taken: 2,
  left: 1,
  benefits: [{ title: 'Logo on the stage banner', due: '' }],
  exclusive: true,
  available: true,
  unavailableReason: '',
  saleStart: '',
  saleEnd: '',
}

function request(p: Packaged): SponsorshipRequest {
  return { ...makeRequest({ userId: 'me', requestedAmount: 10000, eventDate: '' }), ...p } as SponsorshipRequest
}

describe('the packages field errors', () => {
  it("go to the field each key names, the list's own to its root; other keys are not the section's", () => {
    const error = new ApiError(400, 'Please check the highlighted fields.', {
      'tiers.0.name': 'Package name is required',
      'tiers.1.benefits.2.title': 'Benefit is required',
      'tiers.1.price': 'Price cannot be more than the requested amount',
      tiers: 'A request has at most 6 packages',
      holdDays: 'Hold must be between 1 and 30 days',
      clashingIndustries: 'Choose industries from the list',
      title: 'Title is required',
    })
    expect(packagesFieldErrors(error)).toEqual([
      ['tiers.0.name', 'Package name is required'],
      ['tiers.1.benefits.2.title', 'Benefit is required'],
      ['tiers.1.price', 'Price cannot be more than the requested amount'],
      ['tiers.root', 'A request has at most 6 packages'],
      ['holdDays', 'Hold must be between 1 and 30 days'],
      ['clashingIndustries', 'Choose industries from the list'],
    ])
    expect(packagesFieldErrors(new Error('x'))).toEqual([])
  })
})

describe('the tier editor', () => {
  it('adds a package, checks it in the server words, and sends it with the hold and the clashing industries', async () => {
    const user = userEvent.setup()
    const item = request({ tiers: [], anyAmount: true, holdDays: 7, clashingIndustries: [] })
    const { calls } = mockFetch({
      'GET /api/app-config': () => json({ ...appConfig, industries }),
      'PATCH /api/sponsorship-requests/r1': () => json(item),
    })
    renderWithProviders(<EditListingDialog listing={{ kind: 'requests', item }} onClose={() => {}} />)
    const form = screen.getByRole('dialog', { name: 'Edit Sponsorship Request' })
    const editor = await within(form).findByTestId('tier-editor')
    // "Other" names no market: it cannot clash.
    expect(within(editor).queryByLabelText('Other')).toBeNull()
    await user.click(within(editor).getByRole('button', { name: 'Add a package' }))
    await user.click(within(form).getByRole('button', { name: 'Save changes' }))
    expect(await within(editor).findByText('Package name is required')).toBeInTheDocument()
    expect(within(editor).getByText('Price must be a whole number of dollars')).toBeInTheDocument()
    expect(within(editor).getByText('Benefit is required')).toBeInTheDocument()

    await user.type(within(editor).getByLabelText('Package name'), 'Silver')
    await user.type(within(editor).getByLabelText('Price (USD)'), '1000')
    await user.type(within(editor).getByLabelText('Benefit 1'), 'Logo on the website')
    await user.click(within(editor).getByRole('button', { name: 'Add a benefit' }))
    await user.type(within(editor).getByLabelText('Benefit 2'), 'Two passes')
    await user.click(within(editor).getByLabelText('Unlimited'))
    expect(within(editor).getByLabelText('Quantity')).toBeDisabled()
    await user.click(within(editor).getByLabelText('Exclusive in its industry'))
    await user.click(within(editor).getByRole('checkbox', { name: /Any amount/ }))
    await user.clear(within(editor).getByLabelText('Hold a picked slot for (days)'))
    await user.type(within(editor).getByLabelText('Hold a picked slot for (days)'), '3')
    await user.click(within(editor).getByLabelText('Beverages'))
    await user.click(within(form).getByRole('button', { name: 'Save changes' }))
    await screen.findByText('Listing updated')
    expect(calls.find((c) => c.init.method === 'PATCH')?.body).toMatchObject({
      tiers: [
        {
          name: 'Silver',
          price: 1000,
          quantity: 0,
          benefits: [{ title: 'Logo on the website' }, { title: 'Two passes' }],
          exclusive: true,
        },
      ],
      anyAmount: false,
      holdDays: 3,
      clashingIndustries: ['beverages'],
    })
  }, 30_000)

  it('locks what a package with slots taken must keep, says why, and shows the server field errors on the package', async () => {
    const user = userEvent.setup()
    const item = request({ tiers: [gold], anyAmount: true, holdDays: 7, clashingIndustries: [] })
    const { calls } = mockFetch({
      'GET /api/app-config': () => json({ ...appConfig, industries }),
      'PATCH /api/sponsorship-requests/r1': () =>
        json(
          {
            status: 400,
            message: 'Please check the highlighted fields.',
            data: { 'tiers.0.name': { code: 'validation_not_unique', message: 'Two packages cannot have the same name' } },
          },
          400,
        ),
    })
    renderWithProviders(<EditListingDialog listing={{ kind: 'requests', item }} onClose={() => {}} />)
    const editor = await screen.findByTestId('tier-editor')
    expect(within(editor).getByTestId('tier-locked')).toHaveTextContent(
      '2 slots held or sold: its price, benefits and exclusivity cannot change, it cannot be removed, and its quantity cannot be less than 2.',
    )
    expect(within(editor).getByLabelText('Price (USD)')).toBeDisabled()
    expect(within(editor).getByLabelText('Benefit 1')).toBeDisabled()
    expect(within(editor).getByLabelText('Exclusive in its industry')).toBeDisabled()
    expect(within(editor).getByRole('button', { name: 'Remove Gold' })).toBeDisabled()
    expect(within(editor).getByLabelText('Package name')).toBeEnabled()
    await user.clear(within(editor).getByLabelText('Quantity'))
    await user.type(within(editor).getByLabelText('Quantity'), '5')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await within(editor).findByText('Two packages cannot have the same name')).toBeInTheDocument()
    expect(within(editor).getByLabelText('Package name')).toHaveAttribute('aria-invalid', 'true')
    expect(calls.find((c) => c.init.method === 'PATCH')?.body).toMatchObject({
      tiers: [
        { id: 'tg', name: 'Gold', price: 5000, quantity: 5, benefits: [{ title: 'Logo on the stage banner', due: '' }], exclusive: true },
      ],
    })
  }, 30_000)
})
