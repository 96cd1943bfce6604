import { Badge } from '@/components/ui/Badge'
import type { Listing } from '@/lib/listing'

/**
 * Review state on a card. Rejected listings reach only their poster and administrators, so the
 * reason is shown to whoever receives one; "Pending review" only to the poster.
 */
export function ModerationNote({ listing, isOwn }: { listing: Listing; isOwn: boolean }) {
  const { reviewed, approved, rejectionReason } = listing.item
  if (reviewed && !approved && !rejectionReason) {
    // rejected, then edited by its poster: hidden from others until approved
    return isOwn ? <Badge className="w-fit border-amber-300 bg-amber-50 text-amber-900">Waiting for review</Badge> : null
  }
  if (reviewed && !approved) {
    return (
      <div className="space-y-1 rounded-field border border-red-200 bg-red-50 p-2 text-sm text-red-800" data-testid="rejection-note">
        <Badge className="border-red-300 bg-red-100 text-red-800">Rejected</Badge>
        <p className="break-words">Rejected: {rejectionReason || 'No reason given'}</p>
        {isOwn && <p className="text-xs">Edit the listing to send it for review again.</p>}
      </div>
    )
  }
  if (!reviewed && isOwn) return <Badge className="w-fit border-gray-300 bg-gray-100 text-gray-700">Pending review</Badge>
  return null
}
