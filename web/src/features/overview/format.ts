import { overviewTexts as t } from './texts'

const count = new Intl.NumberFormat()

/** A count of people ("12,400"). */
export function formatCount(n: number): string {
  return count.format(n)
}

/** An on-time share, a whole percentage from 0 to 100 as the server writes it ("83%"). */
export function formatShare(share: number | null): string {
  return share === null ? t.onTime.none : `${share}%`
}

/** A deal's category as the listing named it; "" (unknown) as Uncategorised. */
export function categoryLabel(category: string): string {
  return category || t.uncategorised
}
