import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { appConfig, makeUser } from '@/test/fixtures'
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
    expect(calls.filter((c) => c.url.pathname === '/api/register')).toHaveLength(0)
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
    expect(calls.find((c) => c.url.pathname === '/api/register')?.body).toEqual({
      displayName: 'Asha',
      username: 'asha',
      password: 'secret1',
    })
    expect(await screen.findByText('Registration successful')).toBeInTheDocument()
  })

  it('sends an optional e-mail address and says where its code went', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({
      'GET /api/app-config': () => json(appConfig),
      'POST /api/register': () => json(makeUser({ username: 'asha', pendingEmail: 'asha@example.com' }), 201),
    })
    const onSignedIn = vi.fn()
    renderWithProviders(<RegisterForm onSignedIn={onSignedIn} />)
    expect(screen.getByLabelText('E-mail (optional)')).toHaveAccessibleDescription(
      'For notifications and password recovery. We send a code to confirm it.',
    )
    await fill(user, {
      'Display Name': 'Asha',
      Username: 'asha',
      'E-mail (optional)': 'asha@',
      Password: 'secret1',
      'Confirm Password': 'secret1',
    })
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument()
    await user.type(screen.getByLabelText('E-mail (optional)'), 'example.com')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled())
    expect(calls.find((c) => c.url.pathname === '/api/register')?.body).toEqual({
      displayName: 'Asha',
      username: 'asha',
      email: 'asha@example.com',
      password: 'secret1',
    })
    expect(
      await screen.findByText('Welcome to SponsorBridge. Enter the code we sent to asha@example.com to confirm your e-mail address.'),
    ).toBeInTheDocument()
  })

  it('leaves the e-mail field out when the server cannot send mail', async () => {
    mockFetch({ 'GET /api/app-config': () => json({ ...appConfig, mail: { available: false } }) })
    renderWithProviders(<RegisterForm onSignedIn={() => {}} />)
    expect(
      await screen.findByText('E-mail is not set up on this server yet. You can add an address later in Settings.'),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText('E-mail (optional)')).toBeNull()
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
