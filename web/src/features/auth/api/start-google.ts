import { paths } from '@/lib/paths'
import { markGoogleRedirectStarted } from '@/lib/session-hints'

/** The server's start of the redirect flow: a navigation (303 to Google), never a fetch. */
export function googleStartUrl(redirect: string = paths.home): string {
  return `/api/auth/google/start?redirect=${encodeURIComponent(redirect)}`
}

/**
 * Records the redirect hints (skipped when session storage is unusable) and leaves for Google;
 * the server brings the member back to `returnTo` (a shared listing) after the callback.
 * `assign` is the navigation, replaceable in tests.
 */
export function startGoogleRedirect(
  returnTo: string = paths.home,
  assign: (url: string) => void = (url) => window.location.assign(url),
): void {
  markGoogleRedirectStarted(window.location.pathname + window.location.search)
  assign(googleStartUrl(returnTo))
}
