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
}

export function hasSignInHint(): boolean {
  return storage()?.getItem(KEYS.authenticated) === 'true'
}
