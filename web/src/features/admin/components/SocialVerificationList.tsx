import { Button } from '@/components/ui/Button'
import type { SocialMediaEntry } from '@/lib/api-types.gen'
import { platformLabel } from '@/lib/social'
import { formatDate } from '@/lib/dates'
import type { SocialLinkRef } from '../api/verify-member'

interface SocialVerificationListProps {
  id: string
  entries: SocialMediaEntry[]
  pending?: SocialLinkRef
  onToggle: (link: SocialLinkRef, verified: boolean) => void
}

/** A member's social links with their verification; a toggle names its link by platform and username. */
export function SocialVerificationList({ id, entries, pending, onToggle }: SocialVerificationListProps) {
  return (
    <ul id={id} className="mt-3 divide-y divide-base-300 rounded-field border border-base-300" aria-label="Social links">
      {entries.map((entry) => (
        <li key={`${entry.platform}-${entry.username}`} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
          <span className="min-w-0 break-all">
            <span className="font-medium">{platformLabel(entry.platform)}</span> @{entry.username.replace(/^@/, '')}
          </span>
          <span className="flex items-center gap-3">
            <span className={entry.verified ? 'text-blue-700' : 'text-base-content/75'}>
              {entry.verified ? `Verified${entry.verificationDate ? ` on ${formatDate(entry.verificationDate)}` : ''}` : 'Not verified'}
            </span>
            <Button
              size="xs"
              variant="outline"
              loading={pending?.platform === entry.platform && pending.username === entry.username}
              aria-label={`${entry.verified ? 'Unverify' : 'Verify'} ${platformLabel(entry.platform)} @${entry.username.replace(/^@/, '')}`}
              onClick={() => onToggle({ platform: entry.platform, username: entry.username }, !entry.verified)}
            >
              {entry.verified ? 'Unverify' : 'Verify'}
            </Button>
          </span>
        </li>
      ))}
    </ul>
  )
}
