import { Link, useParams } from 'react-router'
import { buttonClass } from '@/components/ui/button-class'
import { ArrowLeftIcon } from '@/components/ui/icons'
import { PageSpinner } from '@/components/ui/Spinner'
import { useSession } from '@/features/auth/use-session'
import { ListingAction } from '@/features/sponsoring/components/ListingAction'
import { MatchesSection } from '@/features/matches/components/MatchesSection'
import { EditListingButton } from '@/features/posting/components/EditListingButton'
import { ApiError } from '@/lib/api'
import { listingScreenPath, paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useListing } from '@/features/listings/api/get-listing'
import { ListingDetails } from '@/features/listings/components/ListingDetails'
import { ReportListing } from '@/features/listings/components/ReportListing'
import { WithListingSlots } from '@/app/compose/ListingSlots'
import { listingKinds } from '@/lib/api-types.gen'
import { kindOfSegment } from '@/lib/listing'

/** A listing's own page (/listings/{sponsorships|requests}/{id}): what every notification, e-mail, match and alert links to. */
function ListingPageContent() {
  const { kind = '', id = '' } = useParams()
  const { user } = useSession()
  const listing = useListing(kind, id)
  const known = kindOfSegment(kind)
  const names = listingKinds[known ?? 'sponsorships']
  useDocumentTitle(listing.data ? listing.data.item.title : names.label)

  const back = (
    <Link to={listingScreenPath(known ?? 'sponsorships')} className="link link-hover inline-flex items-center gap-1 text-sm">
      <ArrowLeftIcon className="size-4" /> {names.plural}
    </Link>
  )

  if (!known) return <Missing back={back} />
  if (listing.isPending) return <PageSpinner label="Loading listing" />
  if (listing.isError) {
    if (listing.error instanceof ApiError && listing.error.status === 404) return <Missing back={back} />
    return (
      <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6 sm:px-6">
        {back}
        <div role="alert" className="alert alert-error">
          <span>{listing.error.message}</span>
          <button type="button" className="btn btn-sm" onClick={() => void listing.refetch()}>
            Retry
          </button>
        </div>
      </div>
    )
  }

  const l = listing.data
  const own = user?.id === l.item.userId
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6 sm:px-6">
      {back}
      <article className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-5 p-5 sm:p-6">
          <header>
            <p className="text-sm font-medium text-primary">{listingKinds[l.kind].label}</p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight break-words sm:text-3xl">{l.item.title}</h1>
          </header>
          <ListingDetails listing={l} currentUserId={user?.id} />
          <div className="flex flex-wrap items-center justify-end gap-2">
            {user && !own && <ReportListing listing={l} />}
            {own && <EditListingButton listing={l} />}
            <ListingAction listing={l} currentUserId={user?.id} detail />
          </div>
        </div>
      </article>
      <MatchesSection
        kind={l.kind}
        id={l.item.id}
        heading={own ? 'Best matches for your listing' : 'Best matches'}
        closedReason={l.item.closedReason}
        own={own}
      />
    </div>
  )
}

function Missing({ back }: { back: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6 sm:px-6">
      {back}
      <div className="rounded-box border border-base-300 bg-base-100 p-6 text-center">
        <h1 className="text-xl font-bold">Listing not found</h1>
        <p className="mt-2 text-base-content/75">It may have been removed, or it is waiting for moderation.</p>
        <Link to={paths.home} className={buttonClass() + ' mt-4'}>
          Browse listings
        </Link>
      </div>
    </div>
  )
}

export function ListingPage() {
  return (
    <WithListingSlots>
      <ListingPageContent />
    </WithListingSlots>
  )
}
