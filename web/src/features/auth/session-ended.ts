/**
 * Why an open page was signed out by the server (realtime `session` topic, docs/web/sign-in.md):
 * the line the sign-in screen shows then. An unknown reason still says the session ended.
 */
const lines: Record<string, string> = {
  password_reset: 'Your password was reset. Sign in with the new password.',
  password_changed: 'Your password was changed. Sign in again.',
  signed_out_everywhere: 'You were signed out on every device. Sign in again.',
}

export function sessionEndedLine(reason: unknown): string | null {
  if (typeof reason !== 'string') return null
  return lines[reason] ?? 'Your session ended. Sign in again.'
}
