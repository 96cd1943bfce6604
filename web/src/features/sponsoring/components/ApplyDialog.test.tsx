import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
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
