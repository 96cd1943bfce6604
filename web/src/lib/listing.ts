/**
 * The two listing shapes the web app works with, narrowed from the server's one ListingItem
 * (lib/api-types.gen.ts): an offer always carries `amount`, a request `requestedAmount`,
 * `eventDate` and `status`. Shared by every feature that shows or changes a listing.
 */
import {
  listingKinds,
  type ClosedReason,
  type ListingItem,
  type ListingKind,
  type ListingSegment,
  type ListingStatus,
  type Person,
} from './api-types.gen'

export type { ClosedReason, ListingKind, ListingStatus, Person }

type Common = Omit<ListingItem, 'amount' | 'requestedAmount' | 'eventDate' | 'status'>

export interface Sponsorship extends Common {
  amount: number
  /** An offer is open or closed by its poster. */
  status?: ListingStatus
}

export interface SponsorshipRequest extends Common {
  requestedAmount: number
  eventDate: string
  status: ListingStatus
}

/** A listing tagged with its kind, so one card and one dialog can show either. */
/**
 * An offer's answer read as an offer: the server answers one ListingItem for both kinds (its
 * amount fields optional); the routes of /api/sponsorships always fill an offer's.
 */
export function asSponsorship(item: ListingItem): Sponsorship {
  return item as Sponsorship
}

/** A request's answer read as a request (/api/sponsorship-requests always fills a request's fields). */
export function asSponsorshipRequest(item: ListingItem): SponsorshipRequest {
  return item as SponsorshipRequest
}

export type Listing = { kind: 'sponsorships'; item: Sponsorship } | { kind: 'requests'; item: SponsorshipRequest }

export function listingAmount(listing: Listing): number {
  return listing.kind === 'sponsorships' ? listing.item.amount : listing.item.requestedAmount
}

export function posterName(item: { poster?: Person | null; userId: string }): string {
  return item.poster?.displayName || item.poster?.username || `User #${item.userId}`
}

/** What is still open on a request: its amount less its active pledges. */
export function openAmount(item: Pick<SponsorshipRequest, 'requestedAmount' | 'pledgedAmount'>): number {
  return Math.max(0, item.requestedAmount - (item.pledgedAmount ?? 0))
}

/** Why a listing cannot be backed, in the words the cards and pages use (the server's `closedReason`). */
export const closedReasonTexts: Record<ClosedReason, string> = {
  poster: 'Closed by the poster',
  event_passed: 'Event date passed',
  sponsored: 'Sponsored',
  cap: 'Applications full',
}

/** A request whose event date passed reopens only with a new date: its poster gets the edit form, not Reopen. */
export function reopensWithNewDate(listing: Listing): boolean {
  return listing.kind === 'requests' && listing.item.closedReason === 'event_passed'
}

/** The kind an answer names by its API route segment (a deal's or a review's listing, the moderation queue): listingKinds' apiSegment. */
export function kindOfApiSegment(segment: ListingSegment): ListingKind {
  return segment === listingKinds.sponsorships.apiSegment ? 'sponsorships' : 'requests'
}

/** The kind whose app paths and tab use segment (/listings/{segment}/{id}, ?tab=): listingKinds' segment; undefined for another. */
export function kindOfSegment(segment: string | undefined): ListingKind | undefined {
  return (Object.keys(listingKinds) as ListingKind[]).find((k) => listingKinds[k].segment === segment)
}
