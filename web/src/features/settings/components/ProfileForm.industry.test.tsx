import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { appConfig, makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { ProfileForm } from './ProfileForm'

const industries = [
  { key: 'beverages', label: 'Beverages' },
  { key: 'telecom', label: 'Telecom' },
]

describe("the profile's industry", () => {
  it('keeps the stored industry, offers "Not stated" and the list, and saves the choice', async () => {
    const user = userEvent.setup()
    const me = { ...makeUser(), industry: 'telecom' }
    const { calls } = mockFetch({
      'GET /api/app-config': () => json({ ...appConfig, industries }),
      'PATCH /api/user': () => json({ ...me, industry: 'beverages' }),
    })
    renderWithProviders(<ProfileForm user={me} />)
    const select = screen.getByLabelText('Industry')
    expect(select).toHaveValue('telecom')
    expect(await screen.findByRole('option', { name: 'Beverages' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Not stated' })).toHaveValue('')
    await user.selectOptions(select, 'Beverages')
    await user.click(screen.getByRole('button', { name: 'Save profile' }))
    await screen.findByText('Profile updated')
    expect(calls.find((c) => c.init.method === 'PATCH')?.body).toMatchObject({ industry: 'beverages' })
  })

  it("shows the server's refusal on the field", async () => {
    const user = userEvent.setup()
    mockFetch({
      'GET /api/app-config': () => json({ ...appConfig, industries }),
      'PATCH /api/user': () =>
        json({ status: 400, message: 'Invalid.', data: { industry: { code: 'x', message: 'Choose an industry from the list' } } }, 400),
    })
    renderWithProviders(<ProfileForm user={makeUser()} />)
    expect(screen.getByLabelText('Industry')).toHaveValue('')
    await user.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(await screen.findByText('Choose an industry from the list')).toBeInTheDocument()
  })
})
