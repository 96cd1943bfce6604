/** Listing shapes of docs/api.md ("A sponsorship", "A sponsorship request"). */
export interface Poster {
  id: string
  username: string
  displayName: string
  isVerified: boolean
  avatar: string
}

interface ListingBase {
  id: string
  title: string
  description: string
  location: string
  categories: string[]
  userId: string
  createdAt: string
  updatedAt: string
  approved: boolean
  reviewed: boolean
  poster?: Poster | null
  rejectionReason?: string
}

export interface Sponsorship extends ListingBase {
  amount: number
  /** An offer is open or closed by its poster. */
  status?: 'open' | 'closed' | (string & {})
  /** Whether the signed-in member applied (offers of others only; docs/api.md). */
  applied?: boolean
}

export type RequestStatus = 'open' | 'sponsored' | 'closed' | (string & {})

export interface SponsorshipRequest extends ListingBase {
  requestedAmount: number
  eventDate: string
  status: RequestStatus
}

export type ListingKind = 'sponsorship' | 'request'

/** A listing tagged with its kind, so one card and one dialog can show either. */
export type Listing =
  | { kind: 'sponsorship'; item: Sponsorship }
  | { kind: 'request'; item: SponsorshipRequest }

export function listingAmount(listing: Listing): number {
  return listing.kind === 'sponsorship' ? listing.item.amount : listing.item.requestedAmount
}

export function posterName(item: { poster?: Poster | null; userId: string }): string {
  return item.poster?.displayName || item.poster?.username || `User #${item.userId}`
}
