import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { useSession } from '@/features/auth/session'
import { Button } from '@/components/ui/Button'
import { buttonClass } from '@/components/ui/button-class'
import { ArrowLeftIcon, InfoIcon, PrinterIcon } from '@/components/ui/icons'
import { ApiError } from '@/lib/api'
import type { ImpactReport as Report } from '@/lib/api-types.gen'
import { personName } from '@/lib/member'
import { dealPath } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useReport } from '../api/report'
import { DealLoadError, DealLoading } from '../components/DealStates'
import { RecipientActions } from '../report/RecipientActions'
import { ReportDocument } from '../report/ReportDocument'
import { ReportEditor } from '../report/ReportEditor'
import { ShareControls } from '../report/ShareControls'
import { reportTexts } from '../report/texts'

/** What the sponsor and the recipient read at the top while the report is a draft. */
function DraftNotice({ report, recipient }: { report: Report; recipient: boolean }) {
  if (report.status !== 'draft') return null
  return (
    <p className="flex items-start gap-2 rounded-box bg-base-200 px-4 py-3 text-sm" data-print="hide" data-testid="report-draft-note">
      <InfoIcon className="mt-0.5 size-4 shrink-0" />
      <span>{recipient ? reportTexts.draftForRecipient : reportTexts.draftForSponsor(personName(report.recipient))}</span>
    </p>
  )
}

/**
 * /deals/:id/report: a completed deal's impact report (docs/api/proof-of-value.md, "Impact reports"). The recipient completes it (?edit opens the
 * editor) and publishes it; the sponsor reads it and shares it. Both print it.
 */
export function ReportPage() {
  const { id = '' } = useParams()
  const [search, setSearch] = useSearchParams()
  const query = useReport(id)
  const me = useSession().user
  const [editing, setEditing] = useState(search.has('edit'))
  useDocumentTitle(query.data ? `Impact report: ${query.data.listing.title}` : reportTexts.heading)

  const stopEditing = () => {
    setEditing(false)
    if (search.has('edit')) setSearch({}, { replace: true })
  }

  let body = null
  let actions = null
  if (query.isPending) body = <DealLoading />
  else if (query.isError) body = <ReportLoadError error={query.error} dealId={id} />
  else if (me) {
    const report = query.data
    const recipient = report.recipient.id === me.id
    const sponsor = report.sponsor.id === me.id
    body = (
      <>
        <ReportDocument
          report={report}
          notice={<DraftNotice report={report} recipient={recipient} />}
          editor={recipient && editing ? <ReportEditor report={report} onDone={stopEditing} /> : undefined}
        />
        {sponsor && (
          <div data-print="hide">
            <ShareControls report={report} />
          </div>
        )}
      </>
    )
    actions = (
      <>
        {recipient && !editing && (
          <RecipientActions report={report} sponsorName={personName(report.sponsor)} onEdit={() => setEditing(true)} />
        )}
        {!editing && (
          <Button size="sm" variant="outline" onClick={() => window.print()}>
            <PrinterIcon className="size-4" /> {reportTexts.print}
          </Button>
        )}
      </>
    )
  }

  return (
    <div className="mx-auto w-full max-w-4xl space-y-5 px-4 py-6 sm:px-6 print:max-w-none print:p-0">
      <div data-print="hide" className="flex flex-wrap items-center justify-between gap-2">
        <Link to={dealPath(id)} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          <ArrowLeftIcon className="size-4" /> The deal
        </Link>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      {body}
    </div>
  )
}

/** No report: the deal is not found (or not this member's), not completed yet, or the request failed. */
function ReportLoadError({ error, dealId }: { error: Error; dealId: string }) {
  if (error instanceof ApiError && error.status === 409) {
    return (
      <section className="mx-auto max-w-xl rounded-box border border-base-300 bg-base-100 p-6 text-center">
        <h1 className="text-2xl font-bold">{reportTexts.heading}</h1>
        <p className="mt-2 text-base-content/80">{error.message}</p>
        <Link to={dealPath(dealId)} className={`${buttonClass({ size: 'sm' })} mt-4`}>
          Back to the deal
        </Link>
      </section>
    )
  }
  return <DealLoadError error={error} />
}
