import { Stars } from '@/components/ui/Stars'
import { formatRating, ratingLabel, reliableMeaning, reviewCount } from '@/lib/rating'
import type { ApplicantProfile } from '@/lib/api-types.gen'

/** An applicant's track record in brief: "Reliable" (its meaning as the tooltip) and the rating with its count. */
export function ApplicantTrack({ profile }: { profile: ApplicantProfile }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-base-content/75">
      {profile.reliable && (
        <span className="rounded-full border border-green-300 bg-green-100 px-1.5 font-medium text-green-800" title={reliableMeaning}>
          Reliable
        </span>
      )}
      {profile.reviewCount > 0 ? (
        <span className="inline-flex items-center gap-1">
          <Stars rating={profile.rating} label={ratingLabel(profile.rating)} size="xs" />
          <span>
            {formatRating(profile.rating)} · {reviewCount(profile.reviewCount)}
          </span>
        </span>
      ) : (
        <span>No reviews yet</span>
      )}
    </span>
  )
}
