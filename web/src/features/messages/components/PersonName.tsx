import { UnverifiedIcon, VerifiedIcon } from '@/components/ui/icons'
import { personName, type Person } from '@/features/connect/types'

/** A member's name with the verified icon (none for a deleted member). */
export function PersonName({ person, className = '' }: { person: Person; className?: string }) {
  return (
    <span className={`inline-flex min-w-0 items-center gap-1 ${className}`}>
      <span className="truncate">{personName(person)}</span>
      {!person.deleted &&
        (person.isVerified ? (
          <VerifiedIcon className="size-4 shrink-0 text-success" role="img" aria-hidden="false" aria-label="Verified member" />
        ) : (
          <UnverifiedIcon className="size-4 shrink-0 text-base-content/60" role="img" aria-hidden="false" aria-label="Unverified member" />
        ))}
    </span>
  )
}
