import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import { DeclineApplications } from './DeclineApplications'

const asha = { id: 'a1', name: 'Asha Rao' }

describe('DeclineApplications', () => {
  it('asks for a reason before sending anything', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({})
    renderWithProviders(<DeclineApplications offerId="o1" applications={[asha]} onClose={() => {}} />)
    expect(screen.getByRole('dialog', { name: "Decline Asha Rao's application" })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Decline' }))
    expect(await screen.findByText('Choose a reason from the list')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it('declines one application with the reason and the note, counted against its limit', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({ 'POST /api/applications/a1/decline': () => json({ id: 'a1', status: 'declined' }) })
    const onClose = vi.fn()
    renderWithProviders(<DeclineApplications offerId="o1" applications={[asha]} onClose={onClose} />)
    await user.click(screen.getByRole('radio', { name: 'The budget is already committed' }))
    await user.click(screen.getByLabelText('Note to the applicant (optional)'))
    await user.paste('We funded our 2027 clubs already.')
    expect(screen.getByText('33 / 500')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Decline' }))
    expect(await screen.findByText('Application declined')).toBeInTheDocument()
    expect(calls.map((c) => c.body)).toEqual([{ reason: 'budget', note: 'We funded our 2027 clubs already.' }])
    expect(onClose).toHaveBeenCalled()
  })

  it('offers every reason in the words the applicant reads', () => {
    mockFetch({})
    renderWithProviders(<DeclineApplications offerId="o1" applications={[asha]} onClose={() => {}} />)
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      "Not a fit for this sponsorship's goals",
      'The budget is already committed',
      'The dates do not work for this sponsor',
      'The audience is smaller than this sponsor needs',
      'Outside the places this sponsor supports',
      'Another reason',
    ])
  })

  it("keeps the dialog open with the server's message under the note", async () => {
    const user = userEvent.setup()
    mockFetch({
      'POST /api/applications/a1/decline': () =>
        json(
          { status: 400, message: 'Invalid.', data: { note: { code: 'too_long', message: 'Note must be at most 500 characters' } } },
          400,
        ),
    })
    const onClose = vi.fn()
    renderWithProviders(<DeclineApplications offerId="o1" applications={[asha]} onClose={onClose} />)
    await user.click(screen.getByRole('radio', { name: 'Another reason' }))
    await user.click(screen.getByRole('button', { name: 'Decline' }))
    expect(await screen.findByText('Note must be at most 500 characters')).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('declines several at once and says which were skipped and why', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({
      'POST /api/sponsorships/o1/applications/decline': () =>
        json({ declined: ['a1', 'a2'], skipped: [{ id: 'a3', message: 'This application has already been accepted.' }] }),
    })
    const onDeclined = vi.fn()
    renderWithProviders(
      <DeclineApplications
        offerId="o1"
        applications={[asha, { id: 'a2', name: 'Ben Ito' }, { id: 'a3', name: 'Chen Li' }]}
        onClose={() => {}}
        onDeclined={onDeclined}
      />,
    )
    expect(screen.getByRole('dialog', { name: 'Decline 3 applications' })).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'The dates do not work for this sponsor' }))
    await user.click(screen.getByRole('button', { name: 'Decline' }))
    expect(await screen.findByText('2 applications declined')).toBeInTheDocument()
    expect(screen.getByText('Chen Li: This application has already been accepted.')).toBeInTheDocument()
    expect(calls[0].body).toEqual({ ids: ['a1', 'a2', 'a3'], reason: 'dates', note: '' })
    expect(onDeclined).toHaveBeenCalled()
  })
})
