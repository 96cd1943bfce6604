/**
 * The spec's session-storage keys. They are hints for the UI only (e.g. to show a spinner rather
 * than flash the sign-in screen while the session loads); the server's cookie is the authority.
 */
const KEYS = {
  authenticated: 'isAuthenticated',
  userId: 'userId',
  displayName: 'displayName',
  authTimestamp: 'authTimestamp',
  authData: 'authData',
} as const

/** Keys of a Google sign-in (docs/web/sign-in.md); the redirect keys are hints that expire. */
const GOOGLE_KEYS = {
  redirectStartTime: 'googleRedirectStartTime',
  redirectPath: 'googleRedirectPath',
  redirectExpected: 'googleRedirectExpected',
  retryCount: 'googleAuthRetryCount',
  email: 'googleUserEmail',
  name: 'googleUserName',
  photo: 'googleUserPhoto',
  uid: 'googleUserUid',
  idToken: 'googleIdToken',
} as const

/** A redirect expectation older than this is forgotten (spec section 9). */
const GOOGLE_REDIRECT_EXPIRY_MS = 5 * 60_000
/** A redirect still pending after this opens the manual box (spec section 9). */
const GOOGLE_REDIRECT_PENDING_MS = 20_000
/** More retries than this reset the counter and the result counts as none (spec section 9). */
const GOOGLE_RETRY_LIMIT = 3

interface HintUser {
  id: string
  username: string
  displayName: string
}

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

export function rememberSignIn(user: HintUser, provider?: 'google'): void {
  const s = storage()
  if (!s) return
  const now = String(Date.now())
  s.setItem(KEYS.authenticated, 'true')
  s.setItem(KEYS.userId, user.id)
  s.setItem(KEYS.displayName, user.displayName)
  s.setItem(KEYS.authTimestamp, now)
  if (provider) {
    s.setItem(
      KEYS.authData,
      JSON.stringify({
        authenticated: true,
        userId: user.id,
        username: user.username,
        displayName: user.displayName,
        authTimestamp: now,
        provider,
        method: 'identity-provider auth',
      }),
    )
  }
}

export function forgetSignIn(): void {
  const s = storage()
  if (!s) return
  for (const key of Object.values(KEYS)) s.removeItem(key)
  for (const key of [GOOGLE_KEYS.email, GOOGLE_KEYS.name, GOOGLE_KEYS.photo, GOOGLE_KEYS.uid, GOOGLE_KEYS.idToken]) s.removeItem(key)
}

export function hasSignInHint(): boolean {
  return storage()?.getItem(KEYS.authenticated) === 'true'
}

// ---- Google redirect flow -------------------------------------------------------------------

/**
 * A click on the Google button: old redirect keys are cleared, then the start time, the current
 * path and the expectation are written. Returns false when session storage is unusable (the
 * spec's "unsupported storage": the caller still navigates).
 */
export function markGoogleRedirectStarted(path: string, now = Date.now()): boolean {
  const s = storage()
  if (!s) return false
  try {
    clearGoogleRedirect()
    s.setItem(GOOGLE_KEYS.redirectStartTime, String(now))
    s.setItem(GOOGLE_KEYS.redirectPath, path)
    s.setItem(GOOGLE_KEYS.redirectExpected, 'true')
    return true
  } catch {
    return false
  }
}

export function clearGoogleRedirect(): void {
  const s = storage()
  if (!s) return
  for (const key of [GOOGLE_KEYS.redirectStartTime, GOOGLE_KEYS.redirectPath, GOOGLE_KEYS.redirectExpected]) s.removeItem(key)
}

interface PendingGoogleRedirect {
  startedAt: number
  path: string
}

/** The redirect this tab expects to come back from, or null; an expired expectation is removed. */
export function pendingGoogleRedirect(now = Date.now()): PendingGoogleRedirect | null {
  const s = storage()
  if (!s || s.getItem(GOOGLE_KEYS.redirectExpected) !== 'true') return null
  const startedAt = Number(s.getItem(GOOGLE_KEYS.redirectStartTime))
  if (!Number.isFinite(startedAt) || startedAt <= 0 || now - startedAt > GOOGLE_REDIRECT_EXPIRY_MS) {
    clearGoogleRedirect()
    return null
  }
  return { startedAt, path: s.getItem(GOOGLE_KEYS.redirectPath) ?? '' }
}

/**
 * Milliseconds until a pending redirect opens the manual box: 0 = open it now, null = never
 * (nothing pending, or the expectation expired).
 */
export function msUntilGoogleFallback(now = Date.now()): number | null {
  const pending = pendingGoogleRedirect(now)
  if (!pending) return null
  const elapsed = now - pending.startedAt
  return elapsed > GOOGLE_REDIRECT_PENDING_MS ? 0 : GOOGLE_REDIRECT_PENDING_MS - elapsed + 1
}

/**
 * Counts an invalid-credential answer. Returns false once the count would exceed the limit: the
 * counter is then reset and the result is to be treated as none (no toast).
 */
export function countGoogleRetry(): boolean {
  const s = storage()
  if (!s) return true
  const next = (Number(s.getItem(GOOGLE_KEYS.retryCount)) || 0) + 1
  if (next > GOOGLE_RETRY_LIMIT) {
    s.setItem(GOOGLE_KEYS.retryCount, '0')
    return false
  }
  s.setItem(GOOGLE_KEYS.retryCount, String(next))
  return true
}

export function googleRetryCount(): number {
  return Number(storage()?.getItem(GOOGLE_KEYS.retryCount)) || 0
}

interface GoogleHintUser extends HintUser {
  email: string
  photoURL: string
}

/** A finished Google sign-in: the user keys are kept, the redirect keys and the counter reset. */
export function rememberGoogleSignIn(user: GoogleHintUser): void {
  rememberSignIn(user, 'google')
  const s = storage()
  if (!s) return
  s.setItem(GOOGLE_KEYS.email, user.email)
  s.setItem(GOOGLE_KEYS.name, user.displayName)
  s.setItem(GOOGLE_KEYS.photo, user.photoURL)
  s.setItem(GOOGLE_KEYS.uid, user.id)
  s.setItem(GOOGLE_KEYS.retryCount, '0')
  clearGoogleRedirect()
}

/** A Google ID token the app itself holds (never in the redirect flow), with the stored details. */
export function storedGoogleIdToken(): { token: string; email: string; displayName: string; photoURL: string } | null {
  const s = storage()
  const token = s?.getItem(GOOGLE_KEYS.idToken)
  if (!s || !token) return null
  return {
    token,
    email: s.getItem(GOOGLE_KEYS.email) ?? '',
    displayName: s.getItem(GOOGLE_KEYS.name) ?? '',
    photoURL: s.getItem(GOOGLE_KEYS.photo) ?? '',
  }
}
