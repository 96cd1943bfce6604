import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dismissToast } from '@/lib/toast'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { GoogleCallbackPage } from './GoogleCallbackPage'

afterEach(() => {
  dismissToast()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const extraRoutes = [
  { path: '/home', element: <p>home page</p> },
  { path: '/auth', element: <p>auth page</p> },
]
const render = (query: string) =>
  renderWithProviders(<GoogleCallbackPage />, { route: `/__/auth/handler${query}`, path: '/__/auth/handler', extraRoutes })
const googleError = (status: number, message: string, code: string) =>
  json({ status, message, data: { google: { code, message } } }, status)

describe('GoogleCallbackPage', () => {
  it('posts code and state once, toasts, then goes to /home after about 800 ms', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/google/callback': () => json({ ...makeUser({ email: 'amara@example.com' }), redirect: '/home', isNew: true }, 201),
    })
    sessionStorage.setItem('googleRedirectExpected', 'true')
    const { router, queryClient } = render('?code=abc&state=xyz')
    expect(screen.getByRole('status', { name: 'Signing in with Google' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Google sign-in successful' })).toBeInTheDocument()
    expect(calls).toHaveLength(1)
    expect(calls[0].body).toEqual({ code: 'abc', state: 'xyz' })
    expect(queryClient.getQueryData(['user', 'current'])).toMatchObject({ id: 'u1' })
    expect(sessionStorage.getItem('googleRedirectExpected')).toBeNull()
    expect(sessionStorage.getItem('googleUserEmail')).toBe('amara@example.com')
    expect(router.state.location.pathname).toBe('/__/auth/handler')
    await screen.findByText('home page', {}, { timeout: 2000 })
  })

  it('401: "Authentication failed" and the retry counter counts', async () => {
    mockFetch({
      'POST /api/auth/google/callback': () => googleError(401, 'Authentication failed. Please try again.', 'invalid_credential'),
    })
    render('?code=abc&state=replayed')
    expect(await screen.findByText('auth page')).toBeInTheDocument()
    expect(screen.getByText('Authentication failed. Please try again.')).toBeInTheDocument()
    expect(sessionStorage.getItem('googleAuthRetryCount')).toBe('1')
  })

  it('after 3 retries the counter resets and nothing is shown', async () => {
    sessionStorage.setItem('googleAuthRetryCount', '3')
    mockFetch({
      'POST /api/auth/google/callback': () => googleError(401, 'Authentication failed. Please try again.', 'invalid_credential'),
    })
    render('?code=abc&state=s')
    expect(await screen.findByText('auth page')).toBeInTheDocument()
    expect(screen.queryByText('Authentication failed. Please try again.')).toBeNull()
    expect(sessionStorage.getItem('googleAuthRetryCount')).toBe('0')
  })

  it('missing configuration goes to the auth screen with the manual box', async () => {
    mockFetch({
      'POST /api/auth/google/callback': () =>
        googleError(503, 'Authentication not properly configured. Please use the manual sign-in option below.', 'configuration_not_found'),
    })
    const { router } = render('?code=abc&state=s')
    await waitFor(() => expect(router.state.location.search).toBe('?manual=true'))
    expect(screen.getByText('Authentication not properly configured. Please use the manual sign-in option below.')).toBeInTheDocument()
  })

  it('access_denied: the chooser was closed; keys cleared, no call', async () => {
    const { calls } = mockFetch({})
    sessionStorage.setItem('googleRedirectExpected', 'true')
    render('?error=access_denied')
    expect(await screen.findByText('auth page')).toBeInTheDocument()
    expect(screen.getByText('Sign-in popup was blocked or closed. Please try again and allow the popup.')).toBeInTheDocument()
    expect(sessionStorage.getItem('googleRedirectExpected')).toBeNull()
    expect(calls).toHaveLength(0)
  })

  it('no result: back to the auth screen silently', async () => {
    const { calls } = mockFetch({})
    render('')
    expect(await screen.findByText('auth page')).toBeInTheDocument()
    expect(screen.queryByTestId('toast')).toBeNull()
    expect(calls).toHaveLength(0)
  })

  it('a stored ID token is sent in X-Google-Id-Token to POST /api/auth/google', async () => {
    sessionStorage.setItem('googleIdToken', 'id-token-1')
    sessionStorage.setItem('googleUserEmail', 'amara@example.com')
    const { calls } = mockFetch({ 'POST /api/auth/google': () => json(makeUser(), 200) })
    render('')
    expect(await screen.findByRole('heading', { name: 'Google sign-in successful' })).toBeInTheDocument()
    expect(new Headers(calls[0].init.headers).get('X-Google-Id-Token')).toBe('id-token-1')
    expect(calls[0].body).toEqual({ email: 'amara@example.com', displayName: 'amara', providerId: 'google' })
  })
})
