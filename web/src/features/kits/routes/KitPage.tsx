import { Link, useParams } from 'react-router'
import { Avatar } from '@/components/ui/Avatar'
import { Button } from '@/components/ui/Button'
import { buttonClass } from '@/components/ui/button-class'
import { PrinterIcon } from '@/components/ui/icons'
import { MemberName } from '@/components/ui/MemberName'
import { PageSpinner } from '@/components/ui/Spinner'
import { useSession } from '@/features/auth/session'
import { ApiError } from '@/lib/api'
import { formatDate } from '@/lib/dates'
import { personName } from '@/lib/member'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { usePublicKit } from '../api/public-kit'
import { KitFigures } from '../components/KitFigures'
import { MeasuredBlock } from '../components/MeasuredBlock'
import { PastSponsors } from '../components/PastSponsors'

/** /kits/{username}: a member's published media kit, readable signed out, with a print view. */
export function KitPage() {
  const { username = '' } = useParams()
  const { user } = useSession()
  const kit = usePublicKit(username)
  const name = kit.data ? personName(kit.data.owner) : undefined
  useDocumentTitle(name ? `${name}'s media kit` : kit.isError ? 'Media kit not found' : 'Media kit')

  if (kit.isPending) return <PageSpinner label="Loading media kit" />
  if (kit.isError) {
    const missing = kit.error instanceof ApiError && kit.error.status === 404
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-12">
        <div className="card border border-base-300 bg-base-100 p-8 text-center">
          <h1 className="text-xl font-semibold">{missing ? 'Media kit not found' : 'Error loading this media kit. Please try again.'}</h1>
          {missing && <p className="mt-2 text-base-content/75">This member has no published media kit, or the link is mistyped.</p>}
          <Link to={user ? paths.home : paths.landing} className={`${buttonClass({ variant: 'outline' })} mx-auto mt-5`}>
            {user ? 'Back to Home' : 'Go to SponsorBridge'}
          </Link>
        </div>
      </div>
    )
  }
  const data = kit.data
  return (
    <article aria-labelledby="kit-title" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6 sm:px-6 print:max-w-none print:px-0">
      <header className="card border border-base-300 bg-base-100 shadow-sm print:border-0 print:shadow-none">
        <div className="card-body gap-4 sm:flex-row sm:items-center print:p-0">
          <Avatar src={data.owner.avatar || undefined} name={data.owner.displayName} size="lg" />
          <div className="min-w-0 flex-1">
            <p className="text-sm text-base-content/75">Media kit</p>
            <h1 id="kit-title" className="text-2xl font-bold break-words">
              <MemberName name={personName(data.owner)} verified={data.owner.isVerified} />
            </h1>
            {data.headline && <p className="mt-1 text-base-content/85">{data.headline}</p>}
            {data.updatedAt && <p className="mt-1 text-xs text-base-content/70">Updated {formatDate(data.updatedAt)}</p>}
          </div>
          <Button variant="outline" size="sm" onClick={() => window.print()} data-print="hide">
            <PrinterIcon className="size-4" /> Print
          </Button>
        </div>
      </header>

      {!data.published && (
        <p className="alert alert-warning alert-soft" data-print="hide">
          Not published: only you can see this page. Publish your media kit from your profile to share it.
        </p>
      )}

      {!user && (
        <aside className="alert alert-info alert-soft flex flex-wrap justify-between" data-print="hide" aria-label="Join SponsorBridge">
          <span>Sponsor {personName(data.owner)}'s next event, or publish a media kit of your own, on SponsorBridge.</span>
          <Link to={paths.auth} className={buttonClass({ size: 'sm' })}>
            Join SponsorBridge
          </Link>
        </aside>
      )}

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr] print:block print:space-y-6">
        <div className="card border border-base-300 bg-base-100 shadow-sm print:border-0 print:shadow-none">
          <div className="card-body gap-6 print:p-0">
            <KitFigures kit={data} />
          </div>
        </div>
        <div className="space-y-6">
          <MeasuredBlock measured={data.measured} />
          <div className="card border border-base-300 bg-base-100 shadow-sm print:border-0 print:shadow-none">
            <div className="card-body print:p-0">
              <PastSponsors sponsors={data.pastSponsors} />
            </div>
          </div>
        </div>
      </div>
    </article>
  )
}
