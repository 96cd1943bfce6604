import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { CopyButton } from '@/components/ui/CopyButton'
import { FormDialog } from '@/components/ui/FormDialog'
import { errorMessage } from '@/lib/api'
import { formatDateTime } from '@/lib/dates'
import { toast } from '@/lib/toast'
import { useReportActions } from '../api/report'
import type { Report } from '../api/report-routes.tmp'
import { Section } from './Section'
import { reportTexts } from './texts'

/** The link as the server answers it, or the origin's when it answers a path. */
function absolute(url: string): string {
  return new URL(url, window.location.origin).toString()
}

/**
 * The sponsor's share link: made once the report is published (a new one replaces the old), shown
 * with Copy, and revoked after a confirmation.
 */
export function ShareControls({ report }: { report: Report }) {
  const { share, revoke } = useReportActions(report.dealId)
  const [confirming, setConfirming] = useState(false)
  const [made, setMade] = useState<string | null>(null)
  const url = report.shared ? absolute(made ?? report.shared.url) : null

  const makeLink = () =>
    share.mutate(undefined, {
      onSuccess: (answer) => {
        setMade(answer.url)
        toast({ title: reportTexts.shared, variant: 'success' })
      },
      onError: (error) => toast({ title: reportTexts.failed, description: errorMessage(error), variant: 'destructive' }),
    })

  return (
    <Section title={reportTexts.share} testId="report-share">
      {report.status !== 'published' ? (
        <p className="text-sm text-base-content/75">{reportTexts.shareWaits}</p>
      ) : (
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
              {report.shared?.sharedAt && (
                <p className="text-xs text-base-content/75">{reportTexts.sharedOn(formatDateTime(report.shared.sharedAt))}</p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="ghost" loading={share.isPending} onClick={makeLink}>
                  {reportTexts.newLink}
                </Button>
                <Button size="sm" variant="outline" className="btn-error" onClick={() => setConfirming(true)}>
                  {reportTexts.revoke}
                </Button>
              </div>
            </div>
          ) : (
            <div>
              <Button size="sm" loading={share.isPending} onClick={makeLink}>
                {reportTexts.share}
              </Button>
            </div>
          )}
        </>
      )}
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
