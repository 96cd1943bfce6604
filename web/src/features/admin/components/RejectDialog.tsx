import { ReasonDialog } from '@/components/ui/ReasonDialog'
import { ApiError } from '@/lib/api'
import { useRejectListing, type ModerationTarget } from '../api/moderate-listing'
import { rejectReason } from '../schemas'
import { adminTexts } from '../texts'
import { notifyError, notifySuccess } from './notify'

interface RejectDialogProps {
  target: (ModerationTarget & { title: string }) | null
  onClose: () => void
}

export function RejectDialog({ target, onClose }: RejectDialogProps) {
  const reject = useRejectListing()
  return (
    <ReasonDialog
      open={target !== null}
      onClose={onClose}
      title="Reject listing"
      description={target?.title}
      label="Reason (shown to the poster)"
      {...rejectReason}
      submitLabel="Reject listing"
      submitVariant="error"
      pending={reject.isPending}
      onSubmit={async (reason, setError) => {
        if (!target) return false
        try {
          await reject.mutateAsync({ kind: target.kind, id: target.id, reason })
          notifySuccess(adminTexts.rejected, target.title)
          return true
        } catch (error) {
          if (error instanceof ApiError && error.fieldErrors.reason) setError(error.fieldErrors.reason)
          else notifyError(error)
          return false
        }
      }}
    />
  )
}
