import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import type { Question } from '@/lib/api-types.gen'
import { ApplyDialog } from './ApplyDialog'

const sponsorship = { id: 's1', title: 'Robotics kits' }

describe('ApplyDialog', () => {
  it('sends the message and says so', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({ 'POST /api/sponsorships/s1/apply': () => json({ id: 'a1', status: 'pending' }, 201) })
    const onClose = vi.fn()
    renderWithProviders(<ApplyDialog open sponsorship={sponsorship} onClose={onClose} />)
    await user.type(screen.getByLabelText('Message to the sponsor (optional)'), 'We run a club.')
    expect(screen.getByText('14 / 2000')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Application submitted')).toBeInTheDocument()
    expect(screen.getByText('Your application for this sponsorship has been submitted')).toBeInTheDocument()
    expect(calls.find((c) => c.url.pathname === '/api/sponsorships/s1/apply')?.body).toEqual({ message: 'We run a club.' })
    expect(onClose).toHaveBeenCalled()
  })

  it('tells a member who already applied', async () => {
    const user = userEvent.setup()
    mockFetch({
      'POST /api/sponsorships/s1/apply': () =>
        json({ status: 409, message: 'You have already applied for this sponsorship.', data: {} }, 409),
    })
    renderWithProviders(<ApplyDialog open sponsorship={sponsorship} onClose={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('You have already applied for this sponsorship.')).toBeInTheDocument()
  })

  it("puts the server's field message under the textarea", async () => {
    const user = userEvent.setup()
    mockFetch({
      'POST /api/sponsorships/s1/apply': () =>
        json(
          { status: 400, message: 'Invalid', data: { message: { code: 'x', message: 'Message must be at most 2000 characters' } } },
          400,
        ),
    })
    renderWithProviders(<ApplyDialog open sponsorship={sponsorship} onClose={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Message must be at most 2000 characters')).toBeInTheDocument()
  })
})

const questions: Question[] = [
  { id: 'q1', label: 'How many students attend?', kind: 'number', required: true },
  { id: 'q2', label: "Link to last year's event", kind: 'link', required: false },
  { id: 'q3', label: 'Is the event free to attend?', kind: 'yesno', required: true },
  { id: 'q4', label: 'Your school', kind: 'short', required: false },
]
const asked = { ...sponsorship, questions }

describe('ApplyDialog with questions', () => {
  it('asks each question by its kind, checks the answers in the server words and sends them by id', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({ 'POST /api/sponsorships/s1/apply': () => json({ id: 'a1', status: 'pending' }, 201) })
    renderWithProviders(<ApplyDialog open sponsorship={asked} onClose={() => {}} />)
    const students = screen.getByLabelText('How many students attend?')
    expect(students).toHaveAttribute('aria-required', 'true')
    expect(screen.getByLabelText("Link to last year's event (optional)")).toHaveAttribute('type', 'url')
    const free = screen.getByRole('radiogroup', { name: 'Is the event free to attend?' })
    expect(
      within(free)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['yes', 'no'])

    await user.type(students, 'about 120')
    await user.type(screen.getByLabelText("Link to last year's event (optional)"), 'example.org')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Enter a number')).toBeInTheDocument()
    expect(screen.getByLabelText("Link to last year's event (optional)")).toHaveAccessibleDescription(
      'Enter a link starting with http:// or https://',
    )
    expect(within(free).getByText('This question needs an answer')).toBeInTheDocument()
    expect(calls).toHaveLength(0)

    await user.clear(students)
    await user.type(students, '120')
    await user.clear(screen.getByLabelText("Link to last year's event (optional)"))
    await user.type(screen.getByLabelText("Link to last year's event (optional)"), 'https://example.org/2026')
    await user.click(within(free).getByRole('radio', { name: 'No' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Application submitted')).toBeInTheDocument()
    expect(calls[0].body).toEqual({ message: '', answers: { q1: 120, q2: 'https://example.org/2026', q3: false } })
  })

  it("puts the server's answer errors under their question", async () => {
    const user = userEvent.setup()
    mockFetch({
      'POST /api/sponsorships/s1/apply': () =>
        json(
          { status: 400, message: 'Invalid', data: { 'answers.q4': { code: 'x', message: 'An answer must be at most 200 characters' } } },
          400,
        ),
    })
    renderWithProviders(<ApplyDialog open sponsorship={asked} onClose={() => {}} />)
    await user.type(screen.getByLabelText('How many students attend?'), '120')
    await user.click(screen.getByRole('radio', { name: 'Yes' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('An answer must be at most 200 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('Your school (optional)')).toHaveAttribute('aria-invalid', 'true')
  })

  it('says every rule the member fails when the server refuses (422), and takes no second try', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    mockFetch({
      'POST /api/sponsorships/s1/apply': () =>
        json(
          {
            status: 422,
            message: 'This sponsor supports events in Pune and Mumbai only.',
            data: {
              location: { code: 'location', message: 'This sponsor supports events in Pune and Mumbai only.' },
              verified: { code: 'verified', message: 'This sponsor takes applications from verified members only.' },
            },
          },
          422,
        ),
    })
    renderWithProviders(<ApplyDialog open sponsorship={sponsorship} onClose={onClose} />)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    const refused = await screen.findByTestId('apply-refused')
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['This sponsor supports events in Pune and Mumbai only.', 'This sponsor takes applications from verified members only.'])
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled()
    expect(onClose).not.toHaveBeenCalled()
  })
})
