import { ApiError, errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useDealStep, type RunStep } from './api/deals'

/** Refusals after which the member may try the same step again. */
const retryable = new Set([0, 400, 413, 429, 503])

/** The deal page's steps: `run` takes one, `pending` while one is on its way. */
export function useRunStep(dealId: string): { run: RunStep; pending: boolean } {
  const step = useDealStep(dealId)

  /** Runs a step; a refusal is a toast in the server's words (a field error goes back to its dialog). */
  const run: RunStep = async (input, success, onFieldError) => {
    try {
      await step.mutateAsync(input)
      toast({ title: success, variant: 'success' })
      return true
    } catch (error) {
      if (error instanceof ApiError && onFieldError && Object.keys(error.fieldErrors).length > 0) {
        for (const [field, message] of Object.entries(error.fieldErrors)) onFieldError(field, message)
        return false
      }
      toast({ title: 'That did not go through', description: errorMessage(error), variant: 'destructive' })
      // A dialog stays open, with what was written and chosen, for what may go through on a retry
      // (no connection, a body too large, too many at once, the server busy with pictures); a step the
      // deal has moved past closes it.
      return !(error instanceof ApiError && retryable.has(error.status))
    }
  }
  return { run, pending: step.isPending }
}
