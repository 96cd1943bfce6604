import { Button } from '@/components/ui/Button'
import { CalendarIcon } from '@/components/ui/icons'
import { formatDate } from '@/lib/dates'
import { formatUsd } from '@/lib/money'
import { listingAmount, type Listing } from '@/lib/listing'
import { CategoryBadges, ClosedReasonNote, StatusBadge } from './badges'
import { CriteriaSummary, EligibilityNote } from './Eligibility'
import { ListingLocation } from './ListingLocation'
import { ModerationNote } from './ModerationNote'
import { PledgeProgress } from './PledgeProgress'
import { PosterAudience } from './PosterAudience'
import { PosterLink } from './PosterLink'
import { useListingSlots } from '../slots'

interface ListingCardProps {
  listing: Listing
  currentUserId?: string
  onOpen: (listing: Listing) => void
}

export function ListingCard({ listing, currentUserId, onOpen }: ListingCardProps) {
  const { item } = listing
  const { Action, Tiers } = useListingSlots()
  const isRequest = listing.kind === 'requests'
  const titleId = `listing-${listing.kind}-${item.id}-title`

  return (
    // A click anywhere on the card is a mouse shortcut; keyboard and screen-reader users have View Details.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <article
      aria-labelledby={titleId}
      data-testid="listing-card"
      className="card h-full cursor-pointer border border-base-300 bg-base-100 shadow-sm transition hover:border-primary/40 hover:shadow-md"
      onClick={() => onOpen(listing)}
    >
      <div className="card-body gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="text-base leading-snug font-semibold break-words">
            {item.title}
          </h3>
          {(listing.kind === 'requests' || listing.item.status === 'closed') && <StatusBadge status={listing.item.status ?? 'open'} />}
        </div>
        <ClosedReasonNote item={item} className="-mt-2" />
        <PosterLink item={item} />
        {listing.kind === 'requests' && <PosterAudience audience={listing.item.poster.audience} />}
        <ModerationNote listing={listing} isOwn={!!currentUserId && item.userId === currentUserId} />
        <p className="text-2xl font-bold text-primary" data-testid="listing-amount">
          <span className="sr-only">{isRequest ? 'Requested Amount: ' : 'Sponsorship Amount: '}</span>
          {formatUsd(listingAmount(listing))}
        </p>
        {listing.kind === 'requests' && <PledgeProgress item={listing.item} className="-mt-2" />}
        <Tiers listing={listing} currentUserId={currentUserId} />
        <p className="line-clamp-2 text-sm text-base-content/80">{item.description}</p>
        {listing.kind === 'requests' && listing.item.eventDate && (
          <p className="flex items-center gap-1 text-sm text-base-content/80">
            <CalendarIcon className="size-4" />
            <span>Event date: {formatDate(listing.item.eventDate, 'UTC')}</span>
          </p>
        )}
        <ListingLocation location={item.location} />
        <CategoryBadges categories={item.categories} />
        {listing.kind === 'sponsorships' && (
          <>
            <CriteriaSummary item={listing.item} />
            <EligibilityNote item={listing.item} />
          </>
        )}
        <div className="card-actions mt-auto justify-end pt-2">
          <Button
            variant="outline"
            size="sm"
            onClick={(e) => {
              e.stopPropagation()
              onOpen(listing)
            }}
          >
            View Details
          </Button>
          <Action listing={listing} currentUserId={currentUserId} />
        </div>
      </div>
    </article>
  )
}
