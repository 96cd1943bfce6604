import { ReasonDialog } from '@/components/ui/ReasonDialog'
import { ApiError, errorMessage } from '@/lib/api'
import type { Review } from '@/lib/api-types.gen'
import { limits } from '@/lib/limits.gen'
import { personName } from '@/lib/member'
import { toast } from '@/lib/toast'
import { useHideReview } from '../api/hide-review'
import { reviewsTexts } from '../texts'

/** "Hide this review" (administrators): the reason its author reads. Mounted fresh for each review, with its form libraries. */
export function HideReviewDialog({ userId, review, onClose }: { userId: string; review: Review; onClose: () => void }) {
  const hide = useHideReview(userId)
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={reviewsTexts.hideTitle}
      description={reviewsTexts.hideDescription(personName(review.author))}
      label={reviewsTexts.hideLabel}
      requiredMessage={reviewsTexts.hideRequired}
      // the server checks the reason against deals.MaxReason, the limit of a deal's reasons
      max={limits.dealReason}
      submitLabel={reviewsTexts.hideSubmit}
      submitVariant="error"
      closeLabel="Back"
      pending={hide.isPending}
      onSubmit={async (reason, setError) => {
        try {
          await hide.mutateAsync({ reviewId: review.id, reason })
          toast({ title: reviewsTexts.hiddenToast, variant: 'success' })
          return true
        } catch (error) {
          if (error instanceof ApiError && error.fieldErrors.reason) {
            setError(error.fieldErrors.reason)
            return false
          }
          // 404: hidden already (the list is read again) or gone
          toast({ title: reviewsTexts.failed, description: errorMessage(error), variant: 'destructive' })
          return true
        }
      }}
    />
  )
}
