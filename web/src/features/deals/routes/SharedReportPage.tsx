import { Link, useParams } from 'react-router'
import { Button } from '@/components/ui/Button'
import { buttonClass } from '@/components/ui/button-class'
import { HomeIcon, PrinterIcon } from '@/components/ui/icons'
import { Spinner } from '@/components/ui/Spinner'
import { ApiError } from '@/lib/api'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useSharedReport } from '../api/report'
import { ReportDocument } from '../report/ReportDocument'
import { reportTexts } from '../report/texts'

/**
 * /r/:token: a published report read through the sponsor's share link, signed out too (names only,
 * no member ids). The server's index.html for /r/* carries `<meta name="robots" content="noindex">`.
 */
export function SharedReportPage() {
  const { token = '' } = useParams()
  const query = useSharedReport(token)
  useDocumentTitle(query.data ? `Impact report: ${query.data.listing.title}` : query.isError ? reportTexts.goneTitle : reportTexts.heading)

  if (query.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Loading the report" />
      </div>
    )
  }
  if (query.isError) return <SharedReportGone error={query.error} />
  return (
    <div className="mx-auto w-full max-w-4xl space-y-5 px-4 py-6 sm:px-6 print:max-w-none print:p-0">
      <div data-print="hide" className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-base-content/75">{reportTexts.sharedNote}</p>
        <Button size="sm" variant="outline" onClick={() => window.print()}>
          <PrinterIcon className="size-4" /> {reportTexts.print}
        </Button>
      </div>
      <ReportDocument report={query.data} />
    </div>
  )
}

/** The link was revoked or replaced (404), or the request failed: a way to SponsorBridge either way. */
function SharedReportGone({ error }: { error: Error }) {
  const gone = error instanceof ApiError && error.status === 404
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-12 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{gone ? reportTexts.goneTitle : 'Error loading the report'}</h1>
      <p className="mt-3 text-base-content/80">{gone ? reportTexts.goneBody : 'Please try again in a moment.'}</p>
      <Link to={paths.landing} className={`${buttonClass()} mt-6`}>
        <HomeIcon className="size-4" /> {reportTexts.goneHome}
      </Link>
    </div>
  )
}
