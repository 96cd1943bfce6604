import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/Button'
import { buttonClass } from '@/components/ui/button-class'
import { MailIcon } from '@/components/ui/icons'
import type { CurrentUser } from '@/lib/api-types.gen'
import { settingsEmailPath } from '@/lib/paths'

// The code box brings the form libraries, which the first screen does not load: it comes in only
// for an address waiting for its code. The prompt itself renders with the page (no shift after).
const ConfirmEmailForm = lazy(() => import('./ConfirmEmailForm').then((m) => ({ default: m.ConfirmEmailForm })))

/** "Not now" hides the prompt on this browser for this long. */
const PROMPT_QUIET_DAYS = 30
const key = (userId: string) => `emailPromptDismissedAt:${userId}`

function dismissedRecently(userId: string): boolean {
  try {
    const at = Number(window.localStorage.getItem(key(userId)))
    return at > 0 && Date.now() - at < PROMPT_QUIET_DAYS * 24 * 60 * 60 * 1000
  } catch {
    return false
  }
}

function rememberDismissal(userId: string): void {
  try {
    window.localStorage.setItem(key(userId), String(Date.now()))
  } catch {
    // storage refused: the prompt simply shows again next time
  }
}

/**
 * One calm prompt for a member whom e-mail cannot reach (no confirmed address): why an address
 * matters, and the way to add one, or the code box when an address waits for its code (as after
 * registering with one). "Not now" hides it for a while.
 */
export function EmailPrompt({ user }: { user: CurrentUser }) {
  const [dismissed, setDismissed] = useState(() => dismissedRecently(user.id))
  if (user.hasProvenEmail || dismissed) return null
  const dismiss = () => {
    rememberDismissal(user.id)
    setDismissed(true)
  }
  const headingId = 'email-prompt-title'
  return (
    <section aria-labelledby={headingId} data-print="hide" className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6">
      <div className="flex items-start gap-3 rounded-box border border-info/40 bg-base-100 p-4 shadow-sm">
        <MailIcon className="mt-0.5 size-5 shrink-0 text-info" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-semibold">
            {user.pendingEmail ? 'Confirm your e-mail address' : 'Add an e-mail address to your account'}
          </h2>
          <p className="mt-1 text-sm text-base-content/80">
            With a confirmed address you can reset a forgotten password, and we can e-mail you about messages, matches and your saved
            searches.
          </p>
          {user.pendingEmail && (
            <Suspense fallback={<div className="mt-3 h-24" />}>
              <ConfirmEmailForm key={user.pendingEmail} pendingEmail={user.pendingEmail} className="mt-3" />
            </Suspense>
          )}
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {!user.pendingEmail && (
              <Link to={settingsEmailPath} className={buttonClass({ size: 'sm' })}>
                Add an e-mail address
              </Link>
            )}
            <Button variant="ghost" size="sm" onClick={dismiss}>
              Not now
            </Button>
          </div>
        </div>
      </div>
    </section>
  )
}
