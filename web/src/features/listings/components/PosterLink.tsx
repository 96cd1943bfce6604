import { Link } from 'react-router'
import { UnverifiedIcon, VerifiedIcon } from '@/components/ui/icons'
import { profilePath } from '@/lib/paths'
import { posterName, type Poster } from '../types'

/** The poster's name with the verified or unverified icon, linking to their profile. */
export function PosterLink({ item }: { item: { poster?: Poster | null; userId: string } }) {
  const verified = item.poster?.isVerified ?? false
  return (
    <Link
      to={profilePath(item.userId)}
      className="inline-flex max-w-full items-center gap-1 text-sm font-medium text-base-content/80 hover:text-primary hover:underline"
      onClick={(e) => e.stopPropagation()}
    >
      <span className="truncate">{posterName(item)}</span>
      {verified ? (
        <VerifiedIcon className="size-4 shrink-0 text-success" aria-label="Verified member" role="img" aria-hidden="false" />
      ) : (
        <UnverifiedIcon className="size-4 shrink-0 text-base-content/60" aria-label="Unverified member" role="img" aria-hidden="false" />
      )}
    </Link>
  )
}
