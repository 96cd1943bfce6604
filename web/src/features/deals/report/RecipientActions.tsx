import { Button } from '@/components/ui/Button'
import { errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useReportActions } from '../api/report'
import type { ImpactReport as Report } from '@/lib/api-types.gen'
import { reportTexts } from './texts'

/** The recipient's Edit and, on a draft, Publish (the sponsor is told). */
export function RecipientActions({ report, sponsorName, onEdit }: { report: Report; sponsorName: string; onEdit: () => void }) {
  const { publish } = useReportActions(report.dealId)
  const written = report.figures.length > 0 || report.spending.length > 0 || report.summary !== ''
  return (
    <>
      <Button size="sm" variant={written ? 'outline' : 'primary'} onClick={onEdit}>
        {written ? reportTexts.edit : reportTexts.write}
      </Button>
      {report.status === 'draft' && (
        <Button
          size="sm"
          loading={publish.isPending}
          onClick={() =>
            publish.mutate(undefined, {
              onSuccess: () =>
                toast({ title: reportTexts.published, description: reportTexts.publishedNote(sponsorName), variant: 'success' }),
              onError: (error) => toast({ title: reportTexts.failed, description: errorMessage(error), variant: 'destructive' }),
            })
          }
        >
          {reportTexts.publish}
        </Button>
      )}
    </>
  )
}
