import { useMemo } from 'react'
import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { useSponsorshipRequests } from '@/features/listings/api/list-sponsorship-requests'
import { useSponsorships } from '@/features/listings/api/list-sponsorships'
import { showingText } from '../api/list-page'
import type { ListingFilters } from '../filters'
import type { Listing, ListingKind } from '@/lib/listing'
import { listingTexts } from '../texts'
import { ListingCard } from './ListingCard'

interface ListingPanelProps {
  kind: ListingKind
  filters: ListingFilters
  currentUserId?: string
  onOpen: (listing: Listing) => void
  emptyText?: string
}

/** Both hooks are called so the rules of hooks hold; the one for the other kind stays disabled. */
function useListing(kind: ListingKind, filters: ListingFilters) {
  const sponsorships = useSponsorships(filters, kind === 'sponsorships')
  const requests = useSponsorshipRequests(filters, kind === 'requests')
  return kind === 'sponsorships' ? sponsorships : requests
}

export function ListingPanel({ kind, filters, currentUserId, onOpen, emptyText }: ListingPanelProps) {
  const query = useListing(kind, filters)
  const texts = listingTexts[kind]
  const listings = useMemo<Listing[]>(() => {
    const pages = query.data?.pages ?? []
    return pages.flatMap((page) => page.items.map((item) => ({ kind, item }) as Listing))
  }, [query.data, kind])

  if (query.isPending) {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-base-content/75">
        <Spinner label={texts.loading} />
        <p>{texts.loading}</p>
      </div>
    )
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center" role="alert">
        <p className="font-medium text-error">{texts.error}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    )
  }
  if (listings.length === 0) {
    return <p className="py-16 text-center text-base-content/75">{emptyText ?? texts.empty}</p>
  }

  return (
    <div className="space-y-6" aria-busy={query.isPlaceholderData || undefined}>
      <ul className={`grid gap-4 transition-opacity sm:grid-cols-2 xl:grid-cols-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
        {listings.map((listing) => (
          <li key={listing.item.id}>
            <ListingCard listing={listing} currentUserId={currentUserId} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-3">
        <p className="text-sm text-base-content/75" aria-live="polite">
          {showingText(listings.length, query.data.pages[0])}
        </p>
        {query.hasNextPage && (
          <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading more...' : 'Load more'}
          </Button>
        )}
        {query.isFetchNextPageError && (
          <p className="text-sm text-error" role="alert">
            {texts.error}
          </p>
        )}
      </div>
    </div>
  )
}
