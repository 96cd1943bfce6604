const sizeClass = { xs: 'rating-xs', sm: 'rating-sm', md: 'rating-md' } as const

/**
 * A rating shown in stars (daisyUI `rating` with `mask-star-2` halves, so an average of 4.5 shows
 * four and a half), read by a screen reader as one image named by `label` ("Rated 4.5 out of 5").
 */
export function Stars({ rating, label, size = 'sm' }: { rating: number; label: string; size?: keyof typeof sizeClass }) {
  const halves = Math.round(Math.min(5, Math.max(0, rating)) * 2)
  return (
    <span role="img" aria-label={label} className={`rating rating-half shrink-0 ${sizeClass[size]}`}>
      {Array.from({ length: 10 }, (_, i) => (
        <span
          key={i}
          // daisyUI fills the star marked current and every one before it
          aria-current={i + 1 === halves ? 'true' : undefined}
          className={`mask mask-star-2 bg-warning ${i % 2 === 0 ? 'mask-half-1' : 'mask-half-2'}`}
        />
      ))}
    </span>
  )
}
