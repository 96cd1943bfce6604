import { Link } from 'react-router'
import { MemberName } from '@/components/ui/MemberName'
import { profilePath } from '@/lib/paths'
import { posterName, type Person } from '@/lib/listing'
import type { PosterTrack } from '@/lib/api-types.gen'
import { reliableMeaning } from '@/lib/rating'

/**
 * The poster's track record in brief, beside the verified badge (docs/api/listings.md, `posterTrack`): "Reliable" (its
 * meaning as the tooltip: 3+ distinct, established counterparties and 90% of funded deals completed), the rating with its count, the completed deals. Nothing for a newcomer.
 */
function TrackNote({ track }: { track: PosterTrack }) {
  if (!track.reliable && track.completedDeals === 0 && track.ratingCount === 0) return null
  const reviews = `${track.ratingCount} review${track.ratingCount === 1 ? '' : 's'}`
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-base-content/75" data-testid="poster-track">
      {track.reliable && (
        <span className="rounded-full border border-green-300 bg-green-100 px-1.5 font-medium text-green-800" title={reliableMeaning}>
          Reliable
        </span>
      )}
      {track.ratingCount > 0 && (
        // One image named in words: an aria-label on a span without a role is not read at all.
        <span
          role="img"
          aria-label={`Rated ${track.rating} out of 5 from ${reviews}`}
          title={`Rated ${track.rating} out of 5 from ${reviews}`}
        >
          ★ {track.rating.toFixed(1)}
        </span>
      )}
      {track.completedDeals > 0 && <span>{`${track.completedDeals} deal${track.completedDeals === 1 ? '' : 's'} done`}</span>}
    </span>
  )
}

/** The poster's name with the verified or unverified icon, linking to their profile, and their track record in brief. */
export function PosterLink({ item }: { item: { poster?: Person | null; userId: string; posterTrack?: PosterTrack } }) {
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-x-2 gap-y-0.5">
      <Link
        to={profilePath(item.userId)}
        className="inline-flex max-w-full items-center gap-1 text-sm font-medium text-base-content/80 hover:text-primary hover:underline"
        onClick={(e) => e.stopPropagation()}
      >
        <MemberName name={posterName(item)} verified={item.poster?.isVerified ?? false} />
      </Link>
      {item.posterTrack && <TrackNote track={item.posterTrack} />}
    </span>
  )
}
