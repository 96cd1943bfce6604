import { Button } from '@/components/ui/Button'
import type { SocialMediaEntry } from '@/features/auth/types'
import { platformLabel } from '@/features/profile/social'
import { formatDate } from '@/lib/format'

interface SocialVerificationListProps {
  id: string
  entries: SocialMediaEntry[]
  pendingIndex?: number
  onToggle: (index: number, verified: boolean) => void
}

/** A member's social links with their verification; index = position in the array as returned. */
export function SocialVerificationList({ id, entries, pendingIndex, onToggle }: SocialVerificationListProps) {
  return (
    <ul id={id} className="mt-3 divide-y divide-base-300 rounded-field border border-base-300" aria-label="Social links">
      {entries.map((entry, index) => (
        <li key={`${index}-${entry.platform}-${entry.username}`} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
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
              loading={pendingIndex === index}
              aria-label={`${entry.verified ? 'Unverify' : 'Verify'} ${platformLabel(entry.platform)} @${entry.username.replace(/^@/, '')}`}
              onClick={() => onToggle(index, !entry.verified)}
            >
              {entry.verified ? 'Unverify' : 'Verify'}
            </Button>
          </span>
        </li>
      ))}
    </ul>
  )
}
