import { formatUsd } from '@/lib/money'
import type { SavedQuery, ListingKind } from '@/lib/api-types.gen'
import { limits } from '@/lib/limits.gen'

/** A name suggested from the search itself: "school · Education · Pune". */
export function suggestName(kind: ListingKind, q: SavedQuery): string {
  const parts = [q.q?.trim(), ...(q.categories ?? []), q.location?.trim()].filter(Boolean) as string[]
  const base = parts.length ? parts.join(' · ') : kind === 'requests' ? 'All requests' : 'All sponsorships'
  return base.slice(0, limits.savedSearchName)
}

/** The search in words, after the tab's name. */
export function describe(q: SavedQuery): string {
  const bits: string[] = []
  if (q.q?.trim()) bits.push(`matching “${q.q.trim()}”`)
  if (q.categories?.length) bits.push(`in ${q.categories.join(', ')}`)
  if (q.minAmount !== undefined && q.maxAmount !== undefined) bits.push(`from ${formatUsd(q.minAmount)} to ${formatUsd(q.maxAmount)}`)
  else if (q.minAmount !== undefined) bits.push(`from ${formatUsd(q.minAmount)}`)
  else if (q.maxAmount !== undefined) bits.push(`up to ${formatUsd(q.maxAmount)}`)
  if (q.location?.trim()) bits.push(`near ${q.location.trim()}`)
  if (q.verified) bits.push('verified posters only')
  if (q.reliable) bits.push('reliable posters only')
  if (q.hasPackages) bits.push('with packages')
  if (q.openToMe) bits.push('open to my industry')
  if (q.minAudience !== undefined) bits.push(`audience at least ${q.minAudience.toLocaleString('en-US')}`)
  if (q.measuredOnly) bits.push('measured audience only')
  if (q.eligibleOnly) bits.push('only offers I can apply to')
  return bits.length ? ' ' + bits.join(', ') : ', every new listing'
}
