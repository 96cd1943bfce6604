import { ApiError, errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useDecideApplication } from '../api/decide-application'
import { useDeclineMany, type DeclineBody } from '../api/decline-applications'
import type { DeclineValues } from '../decline'
import { DeclineDialog } from './DeclineDialog'

interface DeclineApplicationsProps {
  offerId: string
  /** The applications to decline, each with its applicant's name: one goes alone, several at once. */
  applications: readonly { id: string; name: string }[]
  onClose: () => void
  /** After a decline went through (the view clears its selection). */
  onDeclined?: () => void
}

type SetError = (field: keyof DeclineValues, message: string) => void

/** Puts a 400's field messages under the reason and the note; answers whether it did. */
function showFieldErrors(error: unknown, setError: SetError): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false
  const fields = (['reason', 'note'] as const).filter((f) => error.fieldErrors[f])
  for (const f of fields) setError(f, error.fieldErrors[f])
  return fields.length > 0
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`
}

/** The decline dialog for one application or several, with its toasts. */
export function DeclineApplications({ offerId, applications, onClose, onDeclined }: DeclineApplicationsProps) {
  const one = useDecideApplication()
  const many = useDeclineMany(offerId)
  const [first] = applications
  const single = applications.length === 1

  const declineOne = async (body: DeclineBody, setError: SetError) => {
    try {
      await one.mutateAsync({ id: first.id, decision: 'decline', ...body })
      toast({ title: 'Application declined', description: `${first.name} will read your reason.`, variant: 'success' })
      onDeclined?.()
      return true
    } catch (error) {
      if (showFieldErrors(error, setError)) return false
      const decided = error instanceof ApiError && error.status === 409
      toast({
        title: decided ? 'Already decided' : 'Could not decline the application',
        description: errorMessage(error),
        variant: 'destructive',
      })
      return decided
    }
  }

  const declineMany = async (body: DeclineBody, setError: SetError) => {
    try {
      const { declined, skipped } = await many.mutateAsync({ ids: applications.map((a) => a.id), ...body })
      const name = (id: string) => applications.find((a) => a.id === id)?.name ?? 'An application'
      toast({
        title: `${plural(declined.length, 'application', 'applications')} declined`,
        description: skipped.length ? skipped.map((s) => `${name(s.id)}: ${s.message}`).join(' ') : undefined,
        variant: declined.length ? 'success' : 'destructive',
      })
      onDeclined?.()
      return true
    } catch (error) {
      if (showFieldErrors(error, setError)) return false
      toast({ title: 'Could not decline the applications', description: errorMessage(error), variant: 'destructive' })
      return false
    }
  }

  return (
    <DeclineDialog
      open
      onClose={onClose}
      what={single ? `${first.name}'s application` : plural(applications.length, 'application', 'applications')}
      pending={one.isPending || many.isPending}
      onSubmit={single ? declineOne : declineMany}
    />
  )
}
