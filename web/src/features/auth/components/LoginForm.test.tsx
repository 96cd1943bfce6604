import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { LoginForm } from './LoginForm'

afterEach(() => vi.unstubAllGlobals())

describe('LoginForm', () => {
  it('requires username and password', async () => {
    const user = userEvent.setup()
    renderWithProviders(<LoginForm onSignedIn={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Username is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
  })

  it('prefills demo credentials and shows the hint only in demo mode', () => {
    renderWithProviders(<LoginForm demoCredentials={{ username: 'admin', password: 'demo-pass-123' }} onSignedIn={() => {}} />)
    expect(screen.getByLabelText('Username')).toHaveValue('admin')
    expect(screen.getByLabelText('Password')).toHaveValue('demo-pass-123')
    expect(screen.getByRole('note')).toHaveTextContent('Quick login')
  })

  it('has no hint and empty fields without demo mode', () => {
    renderWithProviders(<LoginForm onSignedIn={() => {}} />)
    expect(screen.getByLabelText('Username')).toHaveValue('')
    expect(screen.queryByRole('note')).toBeNull()
  })

  it('caches the user and marks the session on success', async () => {
    const user = userEvent.setup()
    mockFetch({ 'POST /api/login': () => json(makeUser()) })
    const onSignedIn = vi.fn()
    const { queryClient } = renderWithProviders(
      <LoginForm demoCredentials={{ username: 'priya', password: 'pw' }} onSignedIn={onSignedIn} />,
    )
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled())
    expect(queryClient.getQueryData(['user', 'current'])).toMatchObject({ id: 'u1' })
    expect(sessionStorage.getItem('isAuthenticated')).toBe('true')
    expect(screen.getByText('Login successful')).toBeInTheDocument()
  })

  it('toasts the server text prefixed with "Login failed: "', async () => {
    const user = userEvent.setup()
    mockFetch({ 'POST /api/login': () => json({ status: 401, message: 'Invalid username or password.', data: {} }, 401) })
    renderWithProviders(<LoginForm demoCredentials={{ username: 'priya', password: 'bad' }} onSignedIn={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Login failed: Invalid username or password.')).toBeInTheDocument()
  })
})
