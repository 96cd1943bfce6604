import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Application } from '@/lib/api-types.gen'
import { json, mockFetch } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import { SentApplication } from './SentApplication'

const person = (id: string, displayName: string) => ({ id, username: id, displayName, isVerified: false, avatar: '', deleted: false })

/** `shortlisted` is what the applicant must never read (the server never sends it to them). */
function sent(overrides: Partial<Application> & { shortlisted?: boolean } = {}): Application {
  return {
    id: 'a1',
    status: 'pending',
    message: 'We run a robotics club.',
    createdAt: '2026-11-20T10:00:00Z',
    decidedAt: '',
    sponsorship: { id: 's1', title: 'Robotics kits', amount: 1500 },
    applicant: person('me', 'Priya'),
    poster: person('u2', 'Alex'),
    conversationId: 'c1',
    dealId: '',
    answers: [
      { questionId: 'q1', label: 'How many students attend?', kind: 'number', value: 1200 },
      { questionId: 'q2', label: 'Is the event free?', kind: 'yesno', value: true },
    ],
    declineReason: '',
    declineReasonText: '',
    declineNote: '',
    ...overrides,
  }
}

const renderRow = (a: Application) =>
  renderWithProviders(
    <ul>
      <SentApplication application={a} />
    </ul>,
  )

describe("the applicant's own application", () => {
  it('reads "Sent" while pending, keeps the answers folded, and says nothing of a shortlist', async () => {
    const user = userEvent.setup()
    renderRow(sent({ shortlisted: true }))
    const row = screen.getByTestId('sent-application')
    expect(within(row).getByTestId('application-status')).toHaveTextContent('Sent')
    expect(row).not.toHaveTextContent(/shortlist/i)
    const answers = within(row).getByText('Your answers (2)')
    expect(within(row).getByText('How many students attend?')).not.toBeVisible()
    await user.click(answers)
    expect(within(row).getByText('How many students attend?')).toBeVisible()
    expect(within(row).getByText('1,200')).toBeInTheDocument()
    expect(within(row).getByText('Yes')).toBeInTheDocument()
  })

  it('says the reason and the note of a decline', () => {
    renderRow(
      sent({
        status: 'declined',
        declineReason: 'budget',
        declineReasonText: 'The budget is already committed',
        declineNote: 'We funded our 2027 clubs already.',
      }),
    )
    expect(screen.getByTestId('application-status')).toHaveTextContent('Declined')
    expect(screen.getByTestId('decline-reason')).toHaveTextContent(
      'Declined — The budget is already committed' + 'We funded our 2027 clubs already.',
    )
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull()
  })

  it('withdraws a pending application after a confirmation', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({ 'POST /api/applications/a1/withdraw': () => json(sent({ status: 'withdrawn' })) })
    renderRow(sent())
    await user.click(screen.getByRole('button', { name: 'Withdraw' }))
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your application?' })
    expect(calls).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw application' }))
    expect(await screen.findByText('Application withdrawn')).toBeInTheDocument()
    expect(calls.map((c) => `${c.init.method} ${c.url.pathname}`)).toEqual(['POST /api/applications/a1/withdraw'])
  })

  it('reads "Withdrawn" once withdrawn, with no second Withdraw', () => {
    renderRow(sent({ status: 'withdrawn' }))
    expect(screen.getByTestId('application-status')).toHaveTextContent('Withdrawn')
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull()
  })
})
