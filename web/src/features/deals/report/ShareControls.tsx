import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { CopyButton } from '@/components/ui/CopyButton'
import { FormDialog } from '@/components/ui/FormDialog'
import { errorMessage } from '@/lib/api'
import type { ImpactReport as Report } from '@/lib/api-types.gen'
import { formatDateTime } from '@/lib/dates'
import { toast } from '@/lib/toast'
import { useReportActions } from '../api/report'
import { Section } from './Section'
import { reportTexts } from './texts'

/** The link as the server answers it, or the origin's when it answers a path. */
function absolute(url: string): string {
  return new URL(url, window.location.origin).toString()
}

/**
 * The sponsor's share link: made once the report is published (a new one replaces the old), shown
 * with Copy when made, and revoked after a confirmation. The server keeps only the link's hash, so a
 * later visit says when the live link was made instead of showing it.
 */
export function ShareControls({ report }: { report: Report }) {
  const { share, revoke } = useReportActions(report.dealId)
  const [confirming, setConfirming] = useState(false)
  const [made, setMade] = useState<string | null>(null)
  const url = made && report.shared ? absolute(made) : null

  const makeLink = () =>
    share.mutate(undefined, {
      onSuccess: (answer) => {
        setMade(answer.url)
        toast({ title: reportTexts.shared, variant: 'success' })
      },
      onError: (error) => toast({ title: reportTexts.failed, description: errorMessage(error), variant: 'destructive' }),
    })

  let body
  if (report.status !== 'published') body = <p className="text-sm text-base-content/75">{reportTexts.shareWaits}</p>
  else if (!report.shared)
    body = (
      <>
        <p className="text-sm text-base-content/75">{reportTexts.shareHelp}</p>
        <div>
          <Button size="sm" loading={share.isPending} onClick={makeLink}>
            {reportTexts.share}
          </Button>
        </div>
      </>
    )
  else
    body = (
      <>
        <p className="text-sm text-base-content/75">{reportTexts.shareHelp}</p>
        {url ? (
          <div className="space-y-2">
            <label className="fieldset-legend pt-0 pb-1 text-sm" htmlFor="report-share-url">
              {reportTexts.linkLabel}
            </label>
            <div className="flex flex-wrap items-center gap-2">
              <input
                id="report-share-url"
                readOnly
                value={url}
                className="input input-sm min-w-0 flex-1 font-mono"
                onFocus={(e) => e.target.select()}
              />
              <CopyButton text={url} label="Copy link" />
            </div>
            <p className="text-xs text-base-content/75">{reportTexts.copyNow}</p>
          </div>
        ) : (
          <p className="text-sm" data-testid="report-shared-on">
            {reportTexts.sharedOn(formatDateTime(report.shared.sharedAt))}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="ghost" loading={share.isPending} onClick={makeLink}>
            {reportTexts.newLink}
          </Button>
          <Button size="sm" variant="outline" className="btn-error" onClick={() => setConfirming(true)}>
            {reportTexts.revoke}
          </Button>
        </div>
      </>
    )

  return (
    <Section title={reportTexts.share} testId="report-share">
      {body}
      <FormDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={reportTexts.revokeTitle}
        description={reportTexts.revokeBody}
        submitLabel={reportTexts.revoke}
        submitVariant="error"
        pending={revoke.isPending}
        onSubmit={(e) => {
          e.preventDefault()
          revoke.mutate(undefined, {
            onSuccess: () => {
              setMade(null)
              setConfirming(false)
              toast({ title: reportTexts.revoked, variant: 'success' })
            },
            onError: (error) => toast({ title: reportTexts.failed, description: errorMessage(error), variant: 'destructive' }),
          })
        }}
      />
    </Section>
  )
}
