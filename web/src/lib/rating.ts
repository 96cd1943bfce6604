/** A rating to one decimal, without a trailing .0 ("4.5", "5"). */
export function formatRating(rating: number): string {
  return String(Math.round(rating * 10) / 10)
}

/** What a rating in stars reads as: "Rated 4.5 out of 5". */
export function ratingLabel(rating: number): string {
  return `Rated ${formatRating(rating)} out of 5`
}

/** "1 review", "2 reviews". */
export function reviewCount(count: number): string {
  return `${count} review${count === 1 ? '' : 's'}`
}

/**
 * What the "Reliable poster" mark proves and what it does not (docs/api/deals.md, "Reliability"), shown as its
 * tooltip on cards and as a definition on profiles.
 */
export const reliableMeaning =
  'Reliable poster: completed deals of $50 or more with at least 3 different members whose accounts were 30 days old or more, and 90% of their funded deals completed. It is a track record on SponsorBridge, not a background check: SponsorBridge does not see money move between members and does not vouch for anyone.'
