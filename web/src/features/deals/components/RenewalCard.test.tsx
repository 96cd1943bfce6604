import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { listResponse, makeDeal, makeRequest } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { localToday } from '../api/renewal'
import { RenewalCard } from './RenewalCard'
import { RenewalOf } from './RenewalOf'

afterEach(() => vi.unstubAllGlobals())

const completed = makeDeal() // Arun (u2) sponsored Priya (u1): $500

/** The deal page's card as the sponsor (u2) or the recipient (u1) sees it. */
function renderCard(meId: 'u1' | 'u2', handlers: Parameters<typeof mockFetch>[0] = {}, deal = completed) {
  const fetched = mockFetch(handlers)
  renderWithProviders(<RenewalCard deal={deal} meId={meId} otherName={meId === 'u2' ? 'Priya Sharma' : 'Arun Mehta'} />, {
    route: '/deals/d1',
    path: '/deals/:id',
    extraRoutes: [{ path: '/deals/d2', element: <p>The new deal</p> }],
  })
  return fetched
}

async function openRenew() {
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: 'Renew' }))
  return { user, dialog: screen.getByRole('dialog', { name: 'Renew with Priya Sharma' }) }
}

describe('RenewalCard: the sponsor renews', () => {
  it('prefills the deal’s amount and opens the new deal with the next event date', async () => {
    const { calls } = renderCard('u2', { 'POST /api/deals/d1/renew': () => json(makeDeal({ id: 'd2', status: 'negotiating' }), 201) })
    const { user, dialog } = await openRenew()
    const amount = within(dialog).getByLabelText('Amount (USD)')
    expect(amount).toHaveValue('500')
    await user.clear(amount)
    await user.type(amount, '750')
    await user.type(within(dialog).getByLabelText('Next event date (optional)'), '2099-03-14')
    await user.click(within(dialog).getByRole('button', { name: 'Open the new deal' }))

    expect(await screen.findByText('The new deal')).toBeInTheDocument()
    expect(screen.getByText('Renewal opened')).toBeInTheDocument()
    expect(calls[0].body).toEqual({ amount: 750, eventDate: '2099-03-14' })
  })

  it('says the server’s sentence when the deal was renewed already, and stays open', async () => {
    renderCard('u2', {
      'POST /api/deals/d1/renew': () => json({ status: 409, message: 'You have already renewed this deal.', data: {} }, 409),
    })
    const { user, dialog } = await openRenew()
    await user.click(within(dialog).getByRole('button', { name: 'Open the new deal' }))

    const sentence = await within(dialog).findByText('You have already renewed this deal.')
    expect(sentence.closest('[role=alert]')).not.toBeNull()
    expect(dialog).toHaveAttribute('open')
  })

  it('refuses an amount out of range and a past event date before sending', async () => {
    const { calls } = renderCard('u2')
    const { user, dialog } = await openRenew()
    const amount = within(dialog).getByLabelText('Amount (USD)')
    await user.clear(amount)
    await user.type(amount, '0')
    await user.type(within(dialog).getByLabelText('Next event date (optional)'), '2020-01-01')
    await user.click(within(dialog).getByRole('button', { name: 'Open the new deal' }))

    expect(await within(dialog).findByText('Amount must be a whole number from 1 to 10,000,000')).toBeInTheDocument()
    expect(within(dialog).getByText('The event date must be a date (YYYY-MM-DD), not in the past')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Next event date (optional)')).toHaveAttribute('min', localToday())
    expect(calls).toHaveLength(0)
  })

  it('shows nothing on a deal that is not completed', () => {
    renderCard('u2', {}, makeDeal({ status: 'funded' }))
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument()
  })
})

describe('RenewalCard: the recipient invites', () => {
  const requests = [
    makeRequest({ id: 'r2', title: 'Spring hackathon', requestedAmount: 900, approved: true }),
    makeRequest({ id: 'r3', title: 'Waiting for review', approved: false }),
  ]

  it('lists the open approved requests and invites the sponsor to the one chosen', async () => {
    const { calls } = renderCard('u1', {
      'GET /api/sponsorship-requests': () => listResponse(requests),
      'POST /api/deals/d1/invite': () => json({ invited: true }),
    })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Invite to your next request' }))
    const dialog = screen.getByRole('dialog', { name: 'Invite Arun Mehta to your next request' })
    await user.click(await within(dialog).findByRole('radio', { name: /Spring hackathon/ }))
    expect(within(dialog).queryByRole('radio', { name: /Waiting for review/ })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }))

    expect(await screen.findByText('Invitation sent')).toBeInTheDocument()
    expect(screen.getByText('Arun Mehta is invited to sponsor “Spring hackathon”.')).toBeInTheDocument()
    expect(calls[0].url.searchParams.get('userId')).toBe('u1')
    expect(calls[1].body).toEqual({ requestId: 'r2' })
  })

  it('offers to post a request when the member has none open', async () => {
    renderCard('u1', { 'GET /api/sponsorship-requests': () => listResponse([requests[1]]) })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Invite to your next request' }))
    const dialog = screen.getByRole('dialog', { name: 'Invite Arun Mehta to your next request' })
    expect(await within(dialog).findByText(/You have no open, approved request yet/)).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Post a request' })).toHaveAttribute('href', '/home?tab=requests&create=1')
    expect(within(dialog).getByRole('button', { name: 'Send invitation' })).toBeDisabled()
  })

  it('says why when the sponsor was invited to that request already', async () => {
    renderCard('u1', {
      'GET /api/sponsorship-requests': () => listResponse(requests),
      'POST /api/deals/d1/invite': () =>
        json({ status: 409, message: 'You have already invited this sponsor to that request.', data: {} }, 409),
    })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Invite to your next request' }))
    const dialog = screen.getByRole('dialog', { name: 'Invite Arun Mehta to your next request' })
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    expect(await within(dialog).findByText('Choose one of your open requests')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('radio', { name: /Spring hackathon/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    expect(await within(dialog).findByText('You have already invited this sponsor to that request.')).toBeInTheDocument()
  })
})

describe('RenewalOf', () => {
  it('links a renewal to the deal it renews', () => {
    renderWithProviders(<RenewalOf deal={makeDeal({ id: 'd2', renewalOf: 'd1' })} />)
    expect(screen.getByText('Renewal of')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Robotics team travel' })).toHaveAttribute('href', '/deals/d1')
  })
})
