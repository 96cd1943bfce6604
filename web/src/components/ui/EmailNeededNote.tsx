import { Link } from 'react-router'
import { settingsEmailPath } from '@/lib/paths'
import { MailIcon } from './icons'

/**
 * The truth where the app promises e-mail: e-mails need a confirmed address. Shown to a member
 * whose account has none (the server says so: `hasProvenEmail`), with the way to add it.
 */
export function EmailNeededNote({ pendingEmail = '', className = '' }: { pendingEmail?: string; className?: string }) {
  return (
    <p role="note" className={`flex items-start gap-2 rounded-field bg-base-200 px-3 py-2 text-sm ${className}`}>
      <MailIcon className="mt-0.5 size-4 shrink-0 text-base-content/70" />
      <span>
        {pendingEmail ? (
          <>
            E-mails need a confirmed address: <span className="font-medium break-all">{pendingEmail}</span> is waiting for the code we sent
            it. Until then you see these only in the app.{' '}
          </>
        ) : (
          <>E-mails need a confirmed address, and your account has none yet. Until you add one, you see these only in the app. </>
        )}
        <Link to={settingsEmailPath} className="link link-primary font-medium">
          {pendingEmail ? 'Enter the code' : 'Add an e-mail address'}
        </Link>
      </span>
    </p>
  )
}
