import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  clearGoogleRedirect,
  countGoogleRetry,
  forgetSignIn,
  googleRetryCount,
  markGoogleRedirectStarted,
  msUntilGoogleFallback,
  pendingGoogleRedirect,
  rememberGoogleSignIn,
  storedGoogleIdToken,
} from './session-hints'

const T0 = new Date('2026-11-22T10:00:00Z').getTime()

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(T0)
})
afterEach(() => vi.useRealTimers())

describe('Google redirect hints', () => {
  it('a click clears old keys, then stores start time, path and expectation', () => {
    sessionStorage.setItem('googleRedirectPath', '/old')
    expect(markGoogleRedirectStarted('/auth?tab=register')).toBe(true)
    expect(sessionStorage.getItem('googleRedirectStartTime')).toBe(String(T0))
    expect(sessionStorage.getItem('googleRedirectPath')).toBe('/auth?tab=register')
    expect(sessionStorage.getItem('googleRedirectExpected')).toBe('true')
    expect(pendingGoogleRedirect()).toEqual({ startedAt: T0, path: '/auth?tab=register' })
  })

  it('opens the manual box only after more than 20 seconds', () => {
    markGoogleRedirectStarted('/auth')
    expect(msUntilGoogleFallback()).toBe(20_001)
    vi.advanceTimersByTime(20_000)
    expect(msUntilGoogleFallback()).toBe(1)
    vi.advanceTimersByTime(1)
    expect(msUntilGoogleFallback()).toBe(0)
  })

  it('the expectation expires after 5 minutes and its keys are removed', () => {
    markGoogleRedirectStarted('/auth')
    vi.advanceTimersByTime(5 * 60_000)
    expect(pendingGoogleRedirect()).not.toBeNull()
    vi.advanceTimersByTime(1)
    expect(pendingGoogleRedirect()).toBeNull()
    expect(msUntilGoogleFallback()).toBeNull()
    expect(sessionStorage.getItem('googleRedirectExpected')).toBeNull()
    expect(sessionStorage.getItem('googleRedirectStartTime')).toBeNull()
  })

  it('nothing pending without a click, or after clearing', () => {
    expect(msUntilGoogleFallback()).toBeNull()
    markGoogleRedirectStarted('/auth')
    clearGoogleRedirect()
    expect(pendingGoogleRedirect()).toBeNull()
  })

  it('still navigates when session storage throws (unsupported storage)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError')
    })
    expect(markGoogleRedirectStarted('/auth')).toBe(false)
    vi.restoreAllMocks()
  })
})

describe('Google retry counter', () => {
  it('counts three retries, then resets and reports no result', () => {
    expect(countGoogleRetry()).toBe(true)
    expect(countGoogleRetry()).toBe(true)
    expect(countGoogleRetry()).toBe(true)
    expect(googleRetryCount()).toBe(3)
    expect(countGoogleRetry()).toBe(false)
    expect(googleRetryCount()).toBe(0)
    expect(countGoogleRetry()).toBe(true)
  })
})

describe('Google sign-in data', () => {
  const user = { id: 'u9', username: 'amara', displayName: 'Amara Obi', email: 'amara@example.com', photoURL: 'https://x/p.png' }

  it('stores the auth data object and the Google user, resets redirect keys and counter', () => {
    markGoogleRedirectStarted('/auth')
    countGoogleRetry()
    rememberGoogleSignIn(user)
    expect(JSON.parse(sessionStorage.getItem('authData')!)).toEqual({
      authenticated: true,
      userId: 'u9',
      username: 'amara',
      displayName: 'Amara Obi',
      authTimestamp: String(T0),
      provider: 'google',
      method: 'identity-provider auth',
    })
    expect(sessionStorage.getItem('googleUserEmail')).toBe('amara@example.com')
    expect(sessionStorage.getItem('googleUserUid')).toBe('u9')
    expect(googleRetryCount()).toBe(0)
    expect(pendingGoogleRedirect()).toBeNull()
  })

  it('sign-out forgets the Google user and any ID token', () => {
    rememberGoogleSignIn(user)
    sessionStorage.setItem('googleIdToken', 'tok')
    expect(storedGoogleIdToken()).toMatchObject({ token: 'tok', email: 'amara@example.com' })
    forgetSignIn()
    expect(storedGoogleIdToken()).toBeNull()
    expect(sessionStorage.getItem('googleUserEmail')).toBeNull()
    expect(sessionStorage.getItem('isAuthenticated')).toBeNull()
  })
})
