import { useState } from 'react'
import { Tabs } from '@/components/ui/Tabs'
import { useSponsorshipRequests } from '@/features/listings/api/list-sponsorship-requests'
import { useSponsorships } from '@/features/listings/api/list-sponsorships'
import { ListingDetailDialog } from '@/features/listings/components/ListingDetailDialog'
import { ListingPanel } from '@/features/listings/components/ListingPanel'
import { EMPTY_FILTERS, type ListingTab } from '@/features/listings/filters'
import type { Listing } from '@/lib/listing'
import { listingKinds } from '@/lib/api-types.gen'

const tabs = [
  { value: 'sponsorships', label: listingKinds.sponsorships.tab },
  { value: 'requests', label: listingKinds.requests.tab },
] as const

/** Whether a list's first page has come and holds nothing. */
function knownEmpty(query: { isSuccess: boolean; data?: { pages: { items: unknown[] }[] } }): boolean {
  return query.isSuccess && (query.data?.pages[0]?.items.length ?? 0) === 0
}

/**
 * A member's listings, through the list endpoints' userId filter: closed and sponsored ones too (each says why).
 * It opens on Open Sponsorships unless the member has none there and has requests: then on Sponsors Required
 * (never on an empty tab when the other has listings); the member's own choice of tab holds.
 */
export function ProfileListings({ userId, currentUserId, isOwn }: { userId: string; currentUserId?: string; isOwn: boolean }) {
  const [chosen, setTab] = useState<ListingTab | null>(null)
  const [selected, setSelected] = useState<Listing | null>(null)
  const filters = { ...EMPTY_FILTERS, userId, showClosed: true }
  // the panels' own queries (the same keys): read here to choose the first tab
  const sponsorships = useSponsorships(filters)
  const requests = useSponsorshipRequests(filters)
  const tab = chosen ?? (knownEmpty(sponsorships) && !knownEmpty(requests) ? 'requests' : 'sponsorships')
  const panelId = (t: ListingTab) => `profile-listings-${t}`
  const empty = isOwn ? 'You have not posted any listings of this kind yet.' : 'This member has not posted any listings of this kind yet.'

  return (
    <section aria-labelledby="profile-listings-title" className="space-y-4">
      <h2 id="profile-listings-title" className="text-xl font-semibold">
        {isOwn ? 'Your listings' : 'Listings'}
      </h2>
      <Tabs items={tabs} value={tab} onChange={setTab} label="Listing type" panelId={panelId} className="w-full sm:w-fit" />
      {tabs.map(({ value }) => (
        <div key={value} role="tabpanel" id={panelId(value)} aria-labelledby={`${panelId(value)}-tab`} hidden={tab !== value}>
          <ListingPanel kind={value} filters={filters} currentUserId={currentUserId} onOpen={setSelected} emptyText={empty} />
        </div>
      ))}
      <ListingDetailDialog listing={selected} currentUserId={currentUserId} onClose={() => setSelected(null)} />
    </section>
  )
}
