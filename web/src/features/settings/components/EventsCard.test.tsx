import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { appConfig, makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { EventsCard } from './EventsCard'

const patchOf = (calls: { init: RequestInit; body?: unknown }[]) => calls.find((c) => c.init.method === 'PATCH')?.body

describe('Your events', () => {
  it("shows the member's events and saves every field, a city or Online", async () => {
    const user = userEvent.setup()
    const me = makeUser({ eventLocation: 'Pune', eventCategories: ['Education'], nextEventDate: '2027-04-12', audience: 300 })
    const { calls } = mockFetch({
      'GET /api/app-config': () => json(appConfig),
      'PATCH /api/user': () => json({ ...me, eventLocation: 'Online', eventCategories: ['Education', 'Arts'], audience: 450 }),
    })
    renderWithProviders(<EventsCard user={me} />)
    expect(screen.getByLabelText('Event location')).toHaveValue('Pune')
    expect(screen.getByLabelText('Next event date')).toHaveValue('2027-04-12')
    expect(screen.getByLabelText('Expected audience')).toHaveValue(300)
    expect(await screen.findByRole('checkbox', { name: 'Education' })).toBeChecked()

    await user.click(screen.getByRole('checkbox', { name: 'Arts' }))
    await user.click(screen.getByRole('checkbox', { name: 'Online events' }))
    expect(screen.queryByLabelText('Event location')).not.toBeInTheDocument()
    await user.clear(screen.getByLabelText('Expected audience'))
    await user.type(screen.getByLabelText('Expected audience'), '450')
    await user.click(screen.getByRole('button', { name: 'Save events' }))
    await screen.findByText('Events updated')
    expect(patchOf(calls)).toEqual({
      eventLocation: 'Online',
      eventCategories: ['Education', 'Arts'],
      nextEventDate: '2027-04-12',
      audience: 450,
    })
    expect(screen.getByRole('checkbox', { name: 'Online events' })).toBeChecked()
  })

  it('checks the audience and the date before sending, in the server’s words', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({ 'GET /api/app-config': () => json(appConfig) })
    renderWithProviders(<EventsCard user={makeUser()} />)
    await user.type(screen.getByLabelText('Expected audience'), '2000000000')
    await user.click(screen.getByRole('button', { name: 'Save events' }))
    expect(await screen.findByText('Audience must be a whole number from 0 to 1,000,000,000')).toBeInTheDocument()
    expect(patchOf(calls)).toBeUndefined()
  })

  it("puts the server's field errors under their fields (eventLocation under the location)", async () => {
    const user = userEvent.setup()
    mockFetch({
      'GET /api/app-config': () => json(appConfig),
      'PATCH /api/user': () =>
        json(
          {
            status: 400,
            message: 'Invalid.',
            data: {
              eventLocation: { code: 'x', message: 'Location must be at most 120 characters' },
              nextEventDate: { code: 'x', message: 'Enter a valid date' },
            },
          },
          400,
        ),
    })
    renderWithProviders(<EventsCard user={makeUser()} />)
    await user.type(screen.getByLabelText('Event location'), 'Pune')
    await user.click(screen.getByRole('button', { name: 'Save events' }))
    expect(await screen.findByText('Location must be at most 120 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('Event location')).toHaveAccessibleDescription('Location must be at most 120 characters')
    expect(screen.getByLabelText('Next event date')).toHaveAccessibleDescription('Enter a valid date')
  })
})
