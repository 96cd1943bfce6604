import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import { LoginForm } from './LoginForm'

afterEach(() => vi.unstubAllGlobals())

const mailOff = 'E-mail is not set up on this server yet, so we cannot send you a code. Please try again later.'
const wrongCode = 'That code is not right, or it is no longer valid. Check the newest e-mail, or ask for a new code.'

describe('Forgot password', () => {
  it('sends a code for the typed login, sets the new password and comes back to the login form', async () => {
    const user = userEvent.setup()
    let wrongOnce = true
    const { calls } = mockFetch({
      'POST /api/auth/password-reset/request': () => json({ expiresInMinutes: 10 }),
      'POST /api/auth/password-reset/confirm': () => {
        if (wrongOnce) {
          wrongOnce = false
          return json({ status: 400, message: wrongCode, data: { code: { code: 'validation_code_wrong', message: wrongCode } } }, 400)
        }
        return json({ username: 'priya' })
      },
    })
    renderWithProviders(<LoginForm onSignedIn={() => {}} />)
    await user.type(screen.getByLabelText('Username'), 'priya@example.com')
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))

    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument()
    expect(screen.getByLabelText('Username or e-mail address')).toHaveValue('priya@example.com')
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(
      await screen.findByText((_, el) =>
        Boolean(
          el?.matches('p') &&
          el.textContent ===
            'If priya@example.com has an account with a confirmed e-mail address, we have sent a code of 8 digits there. It works for 10 minutes.',
        ),
      ),
    ).toBeInTheDocument()
    expect(calls[0].body).toEqual({ login: 'priya@example.com' })

    await user.type(screen.getByLabelText('Code'), '12345678')
    await user.type(screen.getByLabelText('New password'), 'brand-new')
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText(wrongCode)).toBeInTheDocument()
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true')

    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument()
    expect(calls.at(-1)?.body).toEqual({ login: 'priya@example.com', code: '12345678', password: 'brand-new' })
    // back on the login form, with the account's username (the member typed an address)
    expect(screen.getByLabelText('Username')).toHaveValue('priya')
    expect(screen.getByLabelText('Password')).toHaveValue('')
  })

  it('checks the new password twice before sending', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({ 'POST /api/auth/password-reset/request': () => json({ expiresInMinutes: 10 }) })
    renderWithProviders(<LoginForm onSignedIn={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByText('Enter your username or e-mail address')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Username or e-mail address'), 'priya')
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    await user.type(await screen.findByLabelText('Code'), '12345678')
    await user.type(screen.getByLabelText('New password'), 'brand-new')
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-old')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument()
    expect(calls.filter((c) => c.url.pathname.endsWith('/confirm'))).toHaveLength(0)
  })

  it('says so when the server cannot send mail (503)', async () => {
    const user = userEvent.setup()
    mockFetch({ 'POST /api/auth/password-reset/request': () => json({ status: 503, message: mailOff, data: {} }, 503) })
    renderWithProviders(<LoginForm onSignedIn={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    await user.type(screen.getByLabelText('Username or e-mail address'), 'priya')
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByText(mailOff)).toHaveAttribute('role', 'alert')
    expect(screen.queryByLabelText('Code')).toBeNull()
  })

  it('goes back to the login form', async () => {
    const user = userEvent.setup()
    renderWithProviders(<LoginForm onSignedIn={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    await user.click(screen.getByRole('button', { name: 'Back to login' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument())
  })
})
