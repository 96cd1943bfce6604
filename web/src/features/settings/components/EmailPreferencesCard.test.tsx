import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { EmailPreferencesCard } from './EmailPreferencesCard'

afterEach(() => vi.unstubAllGlobals())

const allOn = { messages: true, applications: true, deals: true, listings: true, matches: true, alerts: true, planExpiry: true }

describe('EmailPreferencesCard', () => {
  it('says plainly that no e-mail goes out without a confirmed address', async () => {
    mockFetch({ 'GET /api/user/email-preferences': () => json(allOn) })
    renderWithProviders(<EmailPreferencesCard user={makeUser()} />)
    expect(await screen.findAllByRole('checkbox')).toHaveLength(7)
    expect(screen.getByRole('region', { name: 'E-mail notifications' })).toHaveTextContent('Until then we send no e-mails')
    expect(screen.getByRole('link', { name: 'Add an e-mail address' })).toHaveAttribute('href', '/settings#settings-email')
  })

  it('has a choice of its own for deal mails, apart from applications', async () => {
    const user = userEvent.setup()
    const sent: unknown[] = []
    mockFetch({
      'GET /api/user/email-preferences': () => json(allOn),
      'PATCH /api/user/email-preferences': (call) => {
        sent.push(call.body)
        return json({ ...allOn, ...(call.body as object) })
      },
    })
    renderWithProviders(<EmailPreferencesCard user={makeUser({ email: 'priya@example.com', hasProvenEmail: true })} />)
    const deals = await screen.findByRole('checkbox', { name: /^Deals/ })
    expect(deals).toHaveAccessibleName(expect.stringContaining('disputes'))
    await user.click(deals)
    expect(await screen.findByText('E-mails about deals are off')).toBeInTheDocument()
    expect(sent).toEqual([{ deals: false }])
    expect(screen.getByRole('checkbox', { name: /^Applications and sponsorships/ })).toBeChecked()
  })

  it('has no note for a member with a confirmed address', async () => {
    mockFetch({ 'GET /api/user/email-preferences': () => json(allOn) })
    renderWithProviders(<EmailPreferencesCard user={makeUser({ email: 'priya@example.com', hasProvenEmail: true })} />)
    expect(await screen.findAllByRole('checkbox')).toHaveLength(7)
    expect(screen.queryByRole('note')).toBeNull()
    expect(screen.getByRole('region', { name: 'E-mail notifications' })).toHaveTextContent('Choose what we e-mail you about.')
  })
})
