/** Withdrawing an application on the profile lets the member apply to the offer again, in the same session. */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Application } from '@/lib/api-types.gen'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeSponsorship } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { ListingAction } from '@/features/sponsoring/components/ListingAction'
import { SentApplication } from '@/features/sponsoring/components/SentApplication'

const person = (id: string) => ({ id, username: id, displayName: id, isVerified: false, avatar: '', deleted: false })
const application = (status: Application['status']): Application => ({
  id: 'a1',
  status,
  message: '',
  createdAt: '2026-12-05T06:00:00Z',
  decidedAt: '',
  sponsorship: { id: 's1', title: 'Coding scholarships', amount: 1500 },
  applicant: person('me'),
  poster: person('u2'),
  conversationId: '',
  dealId: '',
  answers: [],
  declineReason: '',
  declineReasonText: '',
  declineNote: '',
})

describe('apply, withdraw, apply again', () => {
  it('Apply reads Applied after applying and Apply again once the application is withdrawn', async () => {
    const user = userEvent.setup()
    mockFetch({
      'POST /api/sponsorships/s1/apply': () => json(application('pending'), 201),
      'POST /api/applications/a1/withdraw': () => json(application('withdrawn')),
    })
    renderWithProviders(
      <>
        <ListingAction listing={{ kind: 'sponsorships', item: makeSponsorship({ applied: false }) }} currentUserId="me" />
        <ul>
          <SentApplication application={application('pending')} />
        </ul>
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await user.click(await screen.findByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Withdraw' }))
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your application?' })
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw application' }))
    expect(await screen.findByRole('button', { name: 'Apply' })).toBeEnabled()
  })
})
