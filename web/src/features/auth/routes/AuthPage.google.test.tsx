import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { markGoogleRedirectStarted } from '@/lib/session-hints'
import { dismissToast } from '@/lib/toast'
import { json, mockFetch } from '@/test/fetch-mock'
import { appConfig } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { startGoogleRedirect } from '../api/start-google'
import { AuthPage } from './AuthPage'

vi.mock('../api/start-google', async (original) => ({
  ...(await original<typeof import('../api/start-google')>()),
  startGoogleRedirect: vi.fn(),
}))

afterEach(() => {
  dismissToast()
  vi.unstubAllGlobals()
  vi.useRealTimers()
  vi.mocked(startGoogleRedirect).mockClear()
})

function serve(configured: boolean) {
  mockFetch({
    'GET /api/app-config': () => json({ ...appConfig, google: { configured } }),
    'GET /api/session': () => json({ user: null }),
  })
}
const box = () => screen.queryByRole('heading', { name: 'Google Sign-in Fallback' })

describe('AuthPage: Google', () => {
  it('configured: the button leaves for the redirect flow, reading "Signing in..."', async () => {
    const user = userEvent.setup()
    serve(true)
    renderWithProviders(<AuthPage />, { route: '/auth?tab=register', path: '/auth' })
    await user.click(await screen.findByRole('button', { name: 'Sign up with Google' }))
    expect(startGoogleRedirect).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled()
    expect(screen.getByText('Google sign-in is configured')).toBeInTheDocument()
  })

  it('not configured: explains it and opens the box, without navigating', async () => {
    const user = userEvent.setup()
    serve(false)
    renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth' })
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }))
    expect(screen.getByText('Authentication not properly configured. Please use the manual sign-in option below.')).toBeInTheDocument()
    expect(box()).toBeInTheDocument()
    expect(startGoogleRedirect).not.toHaveBeenCalled()
  })

  it("the server's unauthorized-domain answer: message with the host, box open, parameter removed", async () => {
    serve(true)
    const { router } = renderWithProviders(<AuthPage />, { route: '/auth?manual=true&googleError=unauthorized-domain', path: '/auth' })
    expect(
      await screen.findByText(
        `This domain (${window.location.host}) is not authorized in the identity provider. Please use the manual sign-in option below.`,
      ),
    ).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Google Sign-in Fallback' })).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toBe('?manual=true'))
  })

  it('a redirect pending for more than 20 seconds opens the box on load, silently', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    markGoogleRedirectStarted('/auth', Date.now() - 21_000)
    serve(true)
    renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth' })
    expect(await screen.findByRole('heading', { name: 'Google Sign-in Fallback' })).toBeInTheDocument()
    expect(screen.queryByTestId('toast')).toBeNull()
  })

  it('a younger pending redirect opens the box once it passes 20 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    markGoogleRedirectStarted('/auth', Date.now() - 5_000)
    serve(true)
    renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth' })
    await screen.findByRole('button', { name: 'Sign in with Google' })
    expect(box()).toBeNull()
    act(() => vi.advanceTimersByTime(15_100))
    expect(await screen.findByRole('heading', { name: 'Google Sign-in Fallback' })).toBeInTheDocument()
  })

  it('an expired expectation (over 5 minutes) opens nothing', async () => {
    markGoogleRedirectStarted('/auth', Date.now() - 5 * 60_000 - 1)
    serve(true)
    renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth' })
    await screen.findByRole('button', { name: 'Sign in with Google' })
    expect(box()).toBeNull()
    expect(sessionStorage.getItem('googleRedirectExpected')).toBeNull()
  })
})
