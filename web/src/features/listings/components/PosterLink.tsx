import { Link } from 'react-router'
import { MemberName } from '@/components/ui/MemberName'
import { profilePath } from '@/lib/paths'
import { posterName, type Person } from '@/lib/listing'

/** The poster's name with the verified or unverified icon, linking to their profile. */
export function PosterLink({ item }: { item: { poster?: Person | null; userId: string } }) {
  return (
    <Link
      to={profilePath(item.userId)}
      className="inline-flex max-w-full items-center gap-1 text-sm font-medium text-base-content/80 hover:text-primary hover:underline"
      onClick={(e) => e.stopPropagation()}
    >
      <MemberName name={posterName(item)} verified={item.poster?.isVerified ?? false} />
    </Link>
  )
}
