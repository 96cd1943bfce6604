import { formatUsd } from '@/lib/money'

/** "$2,000 of $3,200 pledged by 2 sponsors" ("1 sponsor"; no "by" while nobody has pledged). */
export function pledgeSummary(pledged: number, requested: number, sponsors: number): string {
  const base = `${formatUsd(pledged)} of ${formatUsd(requested)} pledged`
  if (sponsors < 1) return base
  return `${base} by ${sponsors === 1 ? '1 sponsor' : `${sponsors} sponsors`}`
}
