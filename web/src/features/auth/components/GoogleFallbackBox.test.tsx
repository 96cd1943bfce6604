import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dismissToast } from '@/lib/toast'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { GoogleFallbackBox } from './GoogleFallbackBox'

afterEach(() => {
  dismissToast()
  vi.unstubAllGlobals()
})

const sent = { otpId: 'otp1', email: 'nia@example.com', expiresAt: '2026-11-22T10:25:00Z' }
const codeError = (message: string, code: string) => json({ status: 400, message, data: { code: { code, message } } }, 400)

async function requestCode(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'nia@example.com')
  await user.type(screen.getByLabelText('Display Name'), 'Nia Okafor')
  await user.click(screen.getByRole('button', { name: 'Continue with Google Account' }))
  return screen.findByLabelText('Code')
}

describe('GoogleFallbackBox', () => {
  it('an empty field is "Missing Information", with no call', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({})
    renderWithProviders(<GoogleFallbackBox initialEmail="nia@example.com" onSignedIn={() => {}} />)
    expect(screen.getByLabelText('Email')).toHaveValue('nia@example.com')
    await user.click(screen.getByRole('button', { name: 'Continue with Google Account' }))
    expect(await screen.findByText('Missing Information')).toBeInTheDocument()
    expect(screen.getByText('Please provide both email and display name')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it('sends the code, then a right code signs in: "Welcome {name}!"', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({
      'POST /api/auth/email-code/request': () => json(sent),
      'POST /api/auth/email-code/verify': () => json(makeUser({ displayName: 'Nia Okafor' }), 201),
    })
    const onSignedIn = vi.fn()
    const { queryClient } = renderWithProviders(<GoogleFallbackBox onSignedIn={onSignedIn} />)
    const code = await requestCode(user)
    expect(calls[0].body).toEqual({ email: 'nia@example.com', displayName: 'Nia Okafor' })
    expect(screen.getByText('nia@example.com')).toBeInTheDocument()
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(screen.getByRole('button', { name: /Send the code again in \d+ s/ })).toBeDisabled()

    await user.type(code, '12345678')
    await user.click(screen.getByRole('button', { name: 'Verify code' }))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled())
    expect(calls[1].body).toEqual({ otpId: 'otp1', code: '12345678', displayName: 'Nia Okafor' })
    expect(screen.getByText('Welcome Nia Okafor!')).toBeInTheDocument()
    expect(queryClient.getQueryData(['user', 'current'])).toMatchObject({ displayName: 'Nia Okafor' })
    expect(sessionStorage.getItem('isAuthenticated')).toBe('true')
  })

  it('a wrong code says so under the input and in the failure toast', async () => {
    const user = userEvent.setup()
    const wrong = 'That code is not right. Check the e-mail and try again.'
    mockFetch({
      'POST /api/auth/email-code/request': () => json(sent),
      'POST /api/auth/email-code/verify': () => codeError(wrong, 'validation_code_wrong'),
    })
    const onSignedIn = vi.fn()
    renderWithProviders(<GoogleFallbackBox onSignedIn={onSignedIn} />)
    await user.type(await requestCode(user), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify code' }))
    expect(await screen.findByText('Manual Google Sign-in Failed')).toBeInTheDocument()
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(wrong)
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true')
    expect(onSignedIn).not.toHaveBeenCalled()
  })

  it('an expired code goes back to step 1 with the inputs kept', async () => {
    const user = userEvent.setup()
    mockFetch({
      'POST /api/auth/email-code/request': () => json(sent),
      'POST /api/auth/email-code/verify': () => codeError('This code has expired. Request a new code.', 'validation_code_expired'),
    })
    renderWithProviders(<GoogleFallbackBox onSignedIn={() => {}} />)
    await user.type(await requestCode(user), '12345678')
    await user.click(screen.getByRole('button', { name: 'Verify code' }))
    expect(await screen.findByText('This code has expired. Request a new code.')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue('nia@example.com')
    expect(screen.getByLabelText('Display Name')).toHaveValue('Nia Okafor')
  })

  it('a refused request shows the server message', async () => {
    const user = userEvent.setup()
    const limited = 'Too many codes were requested for this e-mail address. Please wait a few minutes and try again.'
    mockFetch({ 'POST /api/auth/email-code/request': () => json({ status: 429, message: limited, data: {} }, 429) })
    renderWithProviders(<GoogleFallbackBox onSignedIn={() => {}} />)
    await user.type(screen.getByLabelText('Email'), 'nia@example.com')
    await user.type(screen.getByLabelText('Display Name'), 'Nia')
    await user.click(screen.getByRole('button', { name: 'Continue with Google Account' }))
    expect(await screen.findByText(limited)).toBeInTheDocument()
    expect(screen.getByText('Manual Google Sign-in Failed')).toBeInTheDocument()
    expect(screen.queryByLabelText('Code')).toBeNull()
  })
})
