import type { ReactNode } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { ListingAction } from '@/features/connect/components/ListingAction'
import { formatDate, formatUsd } from '@/lib/format'
import { listingAmount, type Listing } from '../types'
import { CategoryBadges, StatusBadge } from './badges'
import { ListingLocation } from './ListingLocation'
import { PosterLink } from './PosterLink'
import { ReportListing } from './ReportListing'

interface ListingDetailDialogProps {
  listing: Listing | null
  currentUserId?: string
  onClose: () => void
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-base-content/75">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  )
}

export function ListingDetailDialog({ listing, currentUserId, onClose }: ListingDetailDialogProps) {
  const footer = listing && (
    <>
      {currentUserId && listing.item.userId !== currentUserId && <ReportListing key={`${listing.kind}:${listing.item.id}`} listing={listing} />}
      <Button variant="ghost" onClick={onClose}>Close</Button>
      <ListingAction listing={listing} currentUserId={currentUserId} detail />
    </>
  )

  return (
    <Dialog open={listing !== null} onClose={onClose} size="xl" title={listing?.item.title ?? ''} footer={footer}>
      {listing && (
        <dl className="space-y-4">
          <Row label="Posted by"><PosterLink item={listing.item} /></Row>
          <Row label={listing.kind === 'sponsorship' ? 'Sponsorship Amount' : 'Requested Amount'}>
            <span className="text-xl font-bold text-primary">{formatUsd(listingAmount(listing))}</span>
          </Row>
          {listing.kind === 'request' && (
            <Row label="Event Date">{listing.item.eventDate ? formatDate(listing.item.eventDate, 'UTC') : 'Not set'}</Row>
          )}
          <Row label="Description">
            <p className="whitespace-pre-line break-words">{listing.item.description}</p>
          </Row>
          <Row label="Categories"><CategoryBadges categories={listing.item.categories} /></Row>
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
          {listing.kind === 'request' && (
            <Row label="Status"><StatusBadge status={listing.item.status} /></Row>
          )}
          {listing.item.rejectionReason && (
            <Row label="Moderation">
              <span className="text-error">Rejected: {listing.item.rejectionReason}</span>
            </Row>
          )}
        </dl>
      )}
    </Dialog>
  )
}
