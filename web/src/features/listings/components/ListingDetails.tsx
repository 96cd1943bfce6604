import type { ReactNode } from 'react'
import { formatDate } from '@/lib/dates'
import { criteriaParts } from '@/lib/eligibility'
import { formatUsd } from '@/lib/money'
import { listingAmount, type Listing } from '@/lib/listing'
import type { Packaged } from '@/lib/tiers'
import { CategoryBadges, ClosedReasonNote, StatusBadge } from './badges'
import { EligibilityNote } from './Eligibility'
import { ListingLocation } from './ListingLocation'
import { PledgeProgress } from './PledgeProgress'
import { PosterLink } from './PosterLink'
import { useListingSlots } from '../slots'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-base-content/75">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  )
}

/** A listing's facts, as the detail dialog and the listing's own page show them. */
export function ListingDetails({ listing, currentUserId }: { listing: Listing; currentUserId?: string }) {
  const { Tiers } = useListingSlots()
  const packages: Packaged = listing.kind === 'requests' ? listing.item : {}
  const hasTiers = (packages.tiers?.length ?? 0) > 0
  const rules = listing.kind === 'sponsorships' ? criteriaParts(listing.item) : []
  return (
    <div className="space-y-4">
      {listing.kind === 'sponsorships' && <EligibilityNote item={listing.item} detail />}
      <dl className="space-y-4">
        <Row label="Posted by">
          <PosterLink item={listing.item} />
        </Row>
        <Row label={listing.kind === 'sponsorships' ? 'Sponsorship Amount' : 'Requested Amount'}>
          <span className="text-xl font-bold text-primary">{formatUsd(listingAmount(listing))}</span>
        </Row>
        {listing.kind === 'requests' && (
          <Row label="Pledged">
            <PledgeProgress item={listing.item} className="max-w-sm" />
          </Row>
        )}
        {(hasTiers || packages.industryConflict) && (
          <Row label={hasTiers ? 'Packages' : 'Your industry'}>
            <Tiers listing={listing} currentUserId={currentUserId} detail />
          </Row>
        )}
        {listing.kind === 'requests' && (
          <Row label="Event Date">{listing.item.eventDate ? formatDate(listing.item.eventDate, 'UTC') : 'Not set'}</Row>
        )}
        <Row label="Description">
          <p className="whitespace-pre-line break-words">{listing.item.description}</p>
        </Row>
        <Row label="Categories">
          <CategoryBadges categories={listing.item.categories} />
        </Row>
        {rules.length > 0 && (
          <Row label="Who can apply">
            <span data-testid="criteria-summary">{rules.join(' · ')}</span>
          </Row>
        )}
        <Row label="Location">
          {listing.item.location ? (
            <div className="flex flex-col gap-1">
              <span>{listing.item.location}</span>
              <ListingLocation location={listing.item.location} linkLabel="View on Google Maps" />
            </div>
          ) : (
            'Not specified'
          )}
        </Row>
        <Row label="Posted on">{formatDate(listing.item.createdAt)}</Row>
        <Row label="Status">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <StatusBadge status={listing.item.status ?? 'open'} />
            <ClosedReasonNote item={listing.item} />
          </div>
        </Row>
        {listing.item.rejectionReason && (
          <Row label="Moderation">
            <span className="text-error">Rejected: {listing.item.rejectionReason}</span>
          </Row>
        )}
      </dl>
    </div>
  )
}
