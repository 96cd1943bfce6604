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
