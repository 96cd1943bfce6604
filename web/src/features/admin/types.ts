/** Answers of docs/api/admin.md (administration): the server's shapes (lib/api-types.gen.ts), narrowed where the web needs it. */
import type { listingKinds, ListingSegment, ModerationQueueItem } from '@/lib/api-types.gen'
import type { Sponsorship, SponsorshipRequest } from '@/lib/listing'

export type { ActiveSubscription, AdminMember, AuditEntry, Overview, Subscriptions as SubscriptionsSummary } from '@/lib/api-types.gen'

/** Listing kinds as the admin routes name them. */
export type AdminListingKind = ListingSegment

type Reports = ModerationQueueItem['reports']

/** A queue item whose listing is typed by its kind. */
export type ModerationItem =
  | { kind: (typeof listingKinds)['sponsorships']['apiSegment']; listing: Sponsorship; reports: Reports }
  | { kind: (typeof listingKinds)['requests']['apiSegment']; listing: SponsorshipRequest; reports: Reports }

/** A queue item as the server answers it, read with its listing typed by its kind. */
export function moderationItem(item: ModerationQueueItem): ModerationItem {
  return item as ModerationItem
}

export type ContactStatus = 'open' | 'resolved' | 'all'
