import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { RegisterForm } from './RegisterForm'

afterEach(() => vi.unstubAllGlobals())

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value)
}

describe('RegisterForm', () => {
  it('shows the spec messages for empty fields', async () => {
    const user = userEvent.setup()
    renderWithProviders(<RegisterForm onSignedIn={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Display name is required')).toBeInTheDocument()
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument()
  })

  it("says Passwords don't match on the confirmation field", async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({})
    renderWithProviders(<RegisterForm onSignedIn={() => {}} />)
    await fill(user, { 'Display Name': 'Asha', Username: 'asha', Password: 'secret1', 'Confirm Password': 'secret2' })
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    const confirm = screen.getByLabelText('Confirm Password')
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument()
    expect(confirm).toHaveAttribute('aria-invalid', 'true')
    expect(calls).toHaveLength(0)
  })

  it('sends the payload without confirmPassword, shows the pending label and the toast', async () => {
    const user = userEvent.setup()
    let release: () => void = () => {}
    const { calls } = mockFetch({
      'POST /api/register': () => new Promise((resolve) => (release = () => resolve(json(makeUser({ username: 'asha' }), 201)))),
    })
    const onSignedIn = vi.fn()
    renderWithProviders(<RegisterForm onSignedIn={onSignedIn} />)
    await fill(user, { 'Display Name': 'Asha', Username: 'asha', Password: 'secret1', 'Confirm Password': 'secret1' })
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled()
    release()
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled())
    expect(calls[0].body).toEqual({ displayName: 'Asha', username: 'asha', password: 'secret1' })
    expect(await screen.findByText('Registration successful')).toBeInTheDocument()
  })

  it('puts server field messages on the fields and toasts the failure', async () => {
    const user = userEvent.setup()
    mockFetch({
      'POST /api/register': () =>
        json(
          {
            status: 400,
            message: 'Failed to create account.',
            data: { username: { code: 'taken', message: 'Username is already taken' } },
          },
          400,
        ),
    })
    renderWithProviders(<RegisterForm onSignedIn={() => {}} />)
    await fill(user, { 'Display Name': 'Asha', Username: 'asha', Password: 'secret1', 'Confirm Password': 'secret1' })
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Username is already taken')).toBeInTheDocument()
    expect(screen.getByText('Registration failed')).toBeInTheDocument()
  })
})
