import { lazy, Suspense } from 'react'
import type { Listing } from '@/lib/listing'
import { CardTiers } from './CardTiers'

// The detail views' list and its pick dialog load when a request with packages is opened; a card's
// lines (CardTiers) come with the cards.
const TierList = lazy(() => import('./TierList').then((m) => ({ default: m.TierList })))

interface ListingTiersProps {
  listing: Listing
  currentUserId?: string
  /** The detail dialog and the listing's page: benefits, sale windows and the Pick buttons. */
  detail?: boolean
}

/** A request's packages and the viewer's industry conflict, on its card and in its detail views. */
export function ListingTiers({ listing, currentUserId, detail = false }: ListingTiersProps) {
  if (listing.kind !== 'requests') return null
  const { tiers = [], industryConflict } = listing.item
  if (tiers.length === 0 && !industryConflict) return null
  if (!detail) return <CardTiers request={listing.item} />
  return (
    <Suspense fallback={null}>
      <TierList request={listing.item} own={!!currentUserId && listing.item.userId === currentUserId} />
    </Suspense>
  )
}
