import { EMPTY_FILTERS } from '../filters'
import type { ListingKind } from '@/lib/listing'
import { useSponsorshipRequests } from './list-sponsorship-requests'
import { useSponsorships } from './list-sponsorships'

interface OwnListingRef {
  kind: ListingKind
  id: string
  title: string
}

/**
 * A member's newest listings that can still match: their open offers and requests (the lists' default:
 * what can still be backed), newest first, at most `count`; undefined while either list loads.
 */
export function useNewestOwnListings(userId: string, count: number): OwnListingRef[] | undefined {
  const filters = { ...EMPTY_FILTERS, userId }
  const offers = useSponsorships(filters)
  const requests = useSponsorshipRequests(filters)
  if (offers.isPending || requests.isPending) return undefined
  return [
    ...(offers.data?.pages[0]?.items ?? []).map((i) => ({ kind: 'sponsorships' as const, id: i.id, title: i.title, created: i.createdAt })),
    ...(requests.data?.pages[0]?.items ?? []).map((i) => ({ kind: 'requests' as const, id: i.id, title: i.title, created: i.createdAt })),
  ]
    .sort((a, b) => b.created.localeCompare(a.created))
    .slice(0, count)
    .map(({ kind, id, title }) => ({ kind, id, title }))
}
