import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { PrivacyCard } from './PrivacyCard'

const name = 'List me as a past sponsor on the media kits of members I sponsored'

describe('Privacy', () => {
  it('lists the member as a past sponsor by default; turning it off sends hideAsPastSponsor: true', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({ 'PATCH /api/user': () => json({ ...makeUser(), hideAsPastSponsor: true }) })
    renderWithProviders(<PrivacyCard user={makeUser()} />)
    const toggle = screen.getByRole('checkbox', { name: new RegExp(name) })
    expect(toggle).toBeChecked()
    await user.click(toggle)
    await screen.findByText('You are no longer listed as a past sponsor')
    expect(calls.find((c) => c.init.method === 'PATCH')?.body).toEqual({ hideAsPastSponsor: true })
  }, 30_000)

  it('shows a member who hid themselves as not listed, and puts the choice back when the save fails', async () => {
    const user = userEvent.setup()
    mockFetch({ 'PATCH /api/user': () => json({ status: 503, message: 'Try again in a moment.', data: {} }, 503) })
    renderWithProviders(<PrivacyCard user={{ ...makeUser(), hideAsPastSponsor: true }} />)
    const toggle = screen.getByRole('checkbox', { name: new RegExp(name) })
    expect(toggle).not.toBeChecked()
    await user.click(toggle)
    await screen.findByText('Try again in a moment.')
    expect(toggle).not.toBeChecked()
  }, 30_000)
})
