import { describe, expect, it, vi } from 'vitest'
import { googleStartUrl, startGoogleRedirect } from './start-google'

describe('startGoogleRedirect', () => {
  it('stores the redirect hints, then navigates to the server start route', () => {
    window.history.replaceState(null, '', '/auth?tab=register')
    const assign = vi.fn(() => {
      expect(sessionStorage.getItem('googleRedirectExpected')).toBe('true')
    })
    startGoogleRedirect(undefined, assign)
    expect(assign).toHaveBeenCalledWith('/api/auth/google/start?redirect=%2Fhome')
    expect(sessionStorage.getItem('googleRedirectPath')).toBe('/auth?tab=register')
    expect(Number(sessionStorage.getItem('googleRedirectStartTime'))).toBeGreaterThan(0)
  })

  it('asks the server to come back to the shared listing the visitor arrived from', () => {
    const assign = vi.fn()
    startGoogleRedirect('/listings/requests/abc123', assign)
    expect(assign).toHaveBeenCalledWith('/api/auth/google/start?redirect=%2Flistings%2Frequests%2Fabc123')
  })

  it('encodes the redirect path', () => {
    expect(googleStartUrl('/home?tab=requests')).toBe('/api/auth/google/start?redirect=%2Fhome%3Ftab%3Drequests')
  })
})
