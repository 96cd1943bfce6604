import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { buttonClass } from '@/components/ui/button-class'
import { ArrowLeftIcon } from '@/components/ui/icons'
import { PageSpinner } from '@/components/ui/Spinner'
import { useSession } from '@/features/auth/use-session'
import { useListing } from '@/features/listings/api/get-listing'
import { applicationsTexts as t } from '@/features/sponsoring/applications-texts'
import { CompareApplications } from '@/features/sponsoring/components/CompareApplications'
import { COMPARE_MAX, OfferApplications } from '@/features/sponsoring/components/OfferApplications'
import { listingKinds } from '@/lib/api-types.gen'
import { listingPath, offerApplicationsPath, paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

/**
 * The poster's applications of one of their offers (/sponsorships/{id}/applications), and with
 * ?compare=a,b their shortlisted ones side by side. A shared link reaches it after sign-in
 * (RequireAuth); anyone but the poster reads "Listing not found", as the server answers them.
 */
export function OfferApplicationsPage() {
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { user } = useSession()
  const listing = useListing(listingKinds.sponsorships.segment, id)
  const compare = (params.get('compare') ?? '').split(',').filter(Boolean).slice(0, COMPARE_MAX)
  const title = listing.data?.item.title
  useDocumentTitle(title ? `${compare.length ? t.compareTitle : t.title}: ${title}` : t.title)

  if (listing.isPending) return <PageSpinner label="Loading applications" />
  if (listing.isError || listing.data.item.userId !== user?.id) return <Missing />

  const offerLink = (
    <Link to={listingPath('sponsorships', id)} className="link link-hover break-words">
      {title}
    </Link>
  )
  return (
    <div className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6 sm:px-6">
      {compare.length > 0 ? (
        <Link to={offerApplicationsPath(id)} className="link link-hover inline-flex items-center gap-1 text-sm">
          <ArrowLeftIcon className="size-4" /> {t.compareBack}
        </Link>
      ) : (
        <Link to={listingPath('sponsorships', id)} className="link link-hover inline-flex items-center gap-1 text-sm">
          <ArrowLeftIcon className="size-4" /> The offer
        </Link>
      )}
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{compare.length > 0 ? t.compareTitle : t.title}</h1>
        <p className="mt-1 text-base-content/75">For {offerLink}</p>
      </header>
      {compare.length > 0 ? (
        <CompareApplications offerId={id} ids={compare} />
      ) : (
        <OfferApplications offerId={id} onCompare={(ids) => void navigate(offerApplicationsPath(id, ids))} />
      )}
    </div>
  )
}

function Missing() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
      <div className="rounded-box border border-base-300 bg-base-100 p-6 text-center">
        <h1 className="text-xl font-bold">Listing not found</h1>
        <p className="mt-2 text-base-content/75">Only the poster of a sponsorship reads its applications.</p>
        <Link to={paths.home} className={buttonClass() + ' mt-4'}>
          Browse listings
        </Link>
      </div>
    </div>
  )
}
