import { listingKinds } from '@/lib/api-types.gen'
import { kindOfApiSegment, type Listing } from '@/lib/listing'
import type { ModerationItem } from '../types'

type ReviewState = 'Pending' | 'Approved' | 'Rejected'

/** A rejected listing its poster edited keeps `reviewed` (it stays hidden) and loses its reason: pending again. */
export function reviewState(listing: { reviewed: boolean; approved: boolean; rejectionReason?: string }): ReviewState {
  if (!listing.reviewed) return 'Pending'
  if (listing.approved) return 'Approved'
  return listing.rejectionReason ? 'Rejected' : 'Pending'
}

export const reviewStateClass: Record<ReviewState, string> = {
  Pending: 'bg-amber-50 text-amber-900 border-amber-300',
  Approved: 'bg-green-100 text-green-800 border-green-300',
  Rejected: 'bg-red-100 text-red-800 border-red-300',
}

/** The queue's item as the listings feature's card and dialog take it. */
export function toListing(item: ModerationItem): Listing {
  return item.kind === listingKinds.sponsorships.apiSegment
    ? { kind: 'sponsorships', item: item.listing }
    : { kind: 'requests', item: item.listing }
}

export function kindLabel(kind: ModerationItem['kind']): string {
  return listingKinds[kindOfApiSegment(kind)].name
}
