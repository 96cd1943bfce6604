import { ReasonDialog } from '@/components/ui/ReasonDialog'
import { ApiError, errorMessage } from '@/lib/api'
import type { Listing } from '@/lib/listing'
import { toast } from '@/lib/toast'
import { useReportListing } from '../api/report-listing'
import { reportReason } from '../schemas'

interface ReportDialogProps {
  listing: Listing
  onClose: () => void
  /** The report went in, or the member had reported the listing before. */
  onReported: () => void
}

/** "Report listing": why, in at most reportReason.max characters. Mounted fresh for each report. */
export function ReportDialog({ listing, onClose, onReported }: ReportDialogProps) {
  const report = useReportListing()
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title="Report listing"
      description={listing.item.title}
      label="Why are you reporting this listing?"
      {...reportReason}
      submitLabel="Send report"
      submitVariant="error"
      pending={report.isPending}
      onSubmit={async (reason, setError) => {
        try {
          await report.mutateAsync({ kind: listing.kind, id: listing.item.id, reason })
          toast({ title: 'Report sent', description: 'Thank you. An administrator will review this listing.', variant: 'success' })
          onReported()
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) {
            toast({ title: error.message })
            onReported()
          } else if (error instanceof ApiError && error.fieldErrors.reason) {
            setError(error.fieldErrors.reason)
          } else {
            toast({ title: 'Report failed', description: errorMessage(error), variant: 'destructive' })
          }
        }
        return false // onReported unmounts it
      }}
    />
  )
}
