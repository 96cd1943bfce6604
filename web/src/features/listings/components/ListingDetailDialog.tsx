import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { useListing } from '../api/get-listing'
import { useListingSlots } from '../slots'
import type { Listing } from '@/lib/listing'
import { ListingDetails } from './ListingDetails'
import { ReportListing } from './ReportListing'

interface ListingDetailDialogProps {
  listing: Listing | null
  currentUserId?: string
  onClose: () => void
}

export function ListingDetailDialog({ listing: opened, currentUserId, onClose }: ListingDetailDialogProps) {
  // What the dialog shows follows the listing's changes (closing, sponsoring, editing), not the
  // copy the card handed over.
  const fresh = useListing(opened?.kind === 'requests' ? 'requests' : 'sponsorships', opened?.item.id ?? '', opened ?? undefined)
  const listing = opened && fresh.data?.item.id === opened.item.id ? fresh.data : opened
  const { Action, Edit, Matches } = useListingSlots()
  const footer = listing && (
    <>
      {currentUserId && listing.item.userId !== currentUserId && (
        <ReportListing key={`${listing.kind}:${listing.item.id}`} listing={listing} />
      )}
      <Button variant="ghost" onClick={onClose}>
        Close
      </Button>
      {currentUserId && listing.item.userId === currentUserId && <Edit listing={listing} />}
      <Action listing={listing} currentUserId={currentUserId} detail />
    </>
  )

  return (
    <Dialog open={listing !== null} onClose={onClose} size="xl" title={listing?.item.title ?? ''} footer={footer}>
      {listing && (
        <div className="space-y-5">
          <ListingDetails listing={listing} currentUserId={currentUserId} />
          <Matches
            kind={listing.kind}
            id={listing.item.id}
            closedReason={listing.item.closedReason}
            own={!!currentUserId && listing.item.userId === currentUserId}
          />
        </div>
      )}
    </Dialog>
  )
}
