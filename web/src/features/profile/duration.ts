/** A median time to answer in the unit people think in: "5 minutes", "3 hours", "2 days". */
export function duration(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  if (seconds < 60) return 'a minute'
  if (seconds < 3600) return unit(Math.round(seconds / 60), 'minute')
  if (seconds < 48 * 3600) return unit(Math.round(seconds / 3600), 'hour')
  return unit(Math.round(seconds / 86400), 'day')
}
