import { ApiError, NETWORK_ERROR_MESSAGE, errorMessage } from '@/lib/api'
import { googleMessages } from './messages'

/** What the app does after a failed Google sign-in. */
interface GoogleFailure {
  /** The toast's text; null = handled silently (spec: timeout, retry limit, no result). */
  message: string | null
  /** Open the 'Google Sign-in Fallback' box (spec: missing configuration, unauthorized domain). */
  openFallback: boolean
  /** An invalid credential: counts against the retry limit. */
  countsAsRetry: boolean
}

const shown = (message: string, openFallback = false): GoogleFailure => ({ message, openFallback, countsAsRetry: false })

/**
 * Maps a failed `POST /api/auth/google/callback` or `POST /api/auth/google` to the catalogue, by
 * status and the server's cause (`data.google.code`), never by parsing messages (docs/web/sign-in.md).
 */
export function googleFailure(error: unknown): GoogleFailure {
  if (!(error instanceof ApiError)) return shown(errorMessage(error))
  const cause = error.fieldCodes.google
  switch (error.status) {
    case 0:
      return shown(NETWORK_ERROR_MESSAGE)
    case 400:
      return shown(googleMessages.missingInformation)
    case 401:
      return { message: googleMessages.authFailed, openFallback: false, countsAsRetry: true }
    case 500:
      return shown(googleMessages.serverError)
    case 504:
      return { message: null, openFallback: false, countsAsRetry: false }
  }
  if (cause === 'configuration_not_found') return shown(googleMessages.notConfigured, true)
  if (cause === 'invalid_api_key') return shown(googleMessages.invalidApiKey)
  return shown(error.message)
}

/** What Google's own `error=` on the callback means (`access_denied`: the chooser was closed). */
export function googleReturnedError(code: string): string {
  return code === 'access_denied' ? googleMessages.popupClosed : code
}

/** The auth screen's `googleError=` from the server's start route; null for unknown values. */
export function startFailureMessage(googleError: string | null, host: string): string | null {
  if (googleError === 'configuration-not-found') return googleMessages.notConfigured
  if (googleError === 'unauthorized-domain') return googleMessages.unauthorizedDomain(host)
  return null
}
