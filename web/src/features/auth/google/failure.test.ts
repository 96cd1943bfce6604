import { describe, expect, it } from 'vitest'
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api'
import { googleFailure, googleReturnedError, startFailureMessage } from './failure'

const err = (status: number, message: string, cause?: string) =>
  new ApiError(status, message, cause ? { google: message } : {}, cause ? { google: cause } : {})

describe('googleFailure (spec section 8)', () => {
  it.each([
    [err(400, 'x', 'email_not_verified'), 'Missing required information from Google sign-in.'],
    [err(500, 'x', 'server_error'), 'Server error during sign-in. Please try again later.'],
    [new ApiError(0, NETWORK_ERROR_MESSAGE), NETWORK_ERROR_MESSAGE],
    [
      err(503, 'The identity provider API key is not valid. Please contact the administrator.', 'invalid_api_key'),
      'The identity provider API key is not valid. Please contact the administrator.',
    ],
    [
      err(409, 'An account with this e-mail address already exists.', 'account_exists_unverified'),
      'An account with this e-mail address already exists.',
    ],
    [err(429, 'Too Many Requests.'), 'Too Many Requests.'],
  ])('%s → its message', (error, message) => {
    expect(googleFailure(error)).toEqual({ message, openFallback: false, countsAsRetry: false })
  })

  it('401 counts as a retry', () => {
    expect(googleFailure(err(401, 'x', 'invalid_credential'))).toEqual({
      message: 'Authentication failed. Please try again.',
      openFallback: false,
      countsAsRetry: true,
    })
  })

  it('missing configuration opens the box; a timeout is silent', () => {
    expect(googleFailure(err(503, 'x', 'configuration_not_found'))).toMatchObject({
      message: 'Authentication not properly configured. Please use the manual sign-in option below.',
      openFallback: true,
    })
    expect(googleFailure(err(504, 'Google did not answer in time. Please try again.', 'timeout')).message).toBeNull()
  })

  it("Google's own errors and the start route's", () => {
    expect(googleReturnedError('access_denied')).toBe('Sign-in popup was blocked or closed. Please try again and allow the popup.')
    expect(googleReturnedError('server_error')).toBe('server_error')
    expect(startFailureMessage('unauthorized-domain', 'evil.test:8080')).toBe(
      'This domain (evil.test:8080) is not authorized in the identity provider. Please use the manual sign-in option below.',
    )
    expect(startFailureMessage('configuration-not-found', 'x')).toBe(
      'Authentication not properly configured. Please use the manual sign-in option below.',
    )
    expect(startFailureMessage('other', 'x')).toBeNull()
  })
})
