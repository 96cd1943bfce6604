import { lazy, Suspense, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/Button'
import { PlusIcon } from '@/components/ui/icons'
import { Tabs } from '@/components/ui/Tabs'
import { useCategories } from '@/features/app-config/categories'
import { useSession } from '@/features/auth/use-session'
import { SaveSearchButton } from '@/features/saved-searches/components/SaveSearchButton'
import { FilterDropdown } from '@/features/listings/components/FilterDropdown'
import { ListingPanel } from '@/features/listings/components/ListingPanel'
import { SearchBox } from '@/features/listings/components/SearchBox'
import {
  readListingParams,
  SORTS,
  toSavedQuery,
  writeListingParams,
  type ListingFilters,
  type ListingSort,
  type ListingTab,
} from '@/features/listings/filters'
import type { Listing } from '@/lib/listing'
import { useDocumentTitle } from '@/lib/use-document-title'
import { WithListingSlots } from '@/app/compose/ListingSlots'
import { listingKinds } from '@/lib/api-types.gen'

// The posting flow (plans, checkout, the form) loads when a member starts it.
// The detail dialog (details, matches, report) loads when a member first opens a card.
const ListingDetailDialog = lazy(() =>
  import('@/features/listings/components/ListingDetailDialog').then((m) => ({ default: m.ListingDetailDialog })),
)
const PostingFlow = lazy(() => import('@/app/compose/PostingFlow').then((m) => ({ default: m.PostingFlow })))

const tabs = [
  { value: 'sponsorships', label: listingKinds.sponsorships.tab },
  { value: 'requests', label: listingKinds.requests.tab },
] as const

const panelId = (tab: ListingTab) => `listing-panel-${tab}`

/** The listing screen: both lists stay mounted, the inactive one is hidden. */
function HomePageContent() {
  useDocumentTitle('Sponsorship Marketplace')
  const { user } = useSession()
  const categories = useCategories()
  const [params, setParams] = useSearchParams()
  const { tab, filters } = readListingParams(params, categories)
  const [selected, setSelected] = useState<Listing | null>(null)
  const [creating, setCreating] = useState(false)
  // The mobile Create action links here with ?create=1 from any page.
  const postingOpen = creating || params.get('create') === '1'

  const update = (next: { tab?: ListingTab; filters?: Partial<ListingFilters> }) =>
    setParams((prev) => writeListingParams(prev, next), { replace: true })

  const closePosting = () => {
    setCreating(false)
    if (params.has('create')) {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev)
          out.delete('create')
          return out
        },
        { replace: true },
      )
    }
  }

  return (
    <div className="mx-auto w-full max-w-7xl space-y-5 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Sponsorship Marketplace</h1>
          <p className="mt-1 text-base-content/75">Find sponsors for your project, or fund the ones you believe in.</p>
        </div>
        <Button onClick={() => setCreating(true)} className="hidden md:inline-flex">
          <PlusIcon className="size-5" />
          Create New
        </Button>
      </div>

      <Tabs
        items={tabs}
        value={tab}
        onChange={(t) => update({ tab: t })}
        label="Listing type"
        panelId={panelId}
        className="w-full sm:w-fit"
      />

      {/* relative: on a phone the filter panel aligns with this toolbar's right edge (FilterDropdown) */}
      <div className="relative flex flex-wrap items-center gap-2">
        <div className="min-w-0 flex-1 basis-full sm:basis-auto">
          <SearchBox value={filters.q} onChange={(q) => update({ filters: { q } })} />
        </div>
        <label className="sr-only" htmlFor="listing-sort">
          Sort by
        </label>
        <select
          id="listing-sort"
          className="select w-auto max-w-[9.5rem] bg-base-100 sm:max-w-none"
          value={filters.sort ?? 'newest'}
          onChange={(e) => update({ filters: { sort: e.target.value as ListingSort } })}
        >
          {SORTS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <FilterDropdown
          value={filters}
          categories={categories}
          kind={tab}
          hasIndustry={!!user?.industry}
          onApply={(f) => update({ filters: f })}
        />
        <SaveSearchButton kind={tab} query={toSavedQuery(filters)} />
      </div>

      {tabs.map(({ value }) => (
        <section key={value} role="tabpanel" id={panelId(value)} aria-labelledby={`${panelId(value)}-tab`} hidden={tab !== value}>
          <ListingPanel kind={value} filters={filters} currentUserId={user?.id} onOpen={setSelected} />
        </section>
      ))}

      {selected && (
        <Suspense fallback={null}>
          <ListingDetailDialog listing={selected} currentUserId={user?.id} onClose={() => setSelected(null)} />
        </Suspense>
      )}
      {postingOpen && user && (
        <Suspense fallback={null}>
          <PostingFlow user={user} initialKind={tab} onClose={closePosting} />
        </Suspense>
      )}
    </div>
  )
}

export function HomePage() {
  return (
    <WithListingSlots>
      <HomePageContent />
    </WithListingSlots>
  )
}
