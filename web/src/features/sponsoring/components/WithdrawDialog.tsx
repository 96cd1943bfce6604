import { ReasonDialog } from '@/components/ui/ReasonDialog'
import { ApiError, errorMessage } from '@/lib/api'
import type { Pledge } from '@/lib/api-types.gen'
import { formatUsd } from '@/lib/money'
import type { SponsorshipRequest } from '@/lib/listing'
import { toast } from '@/lib/toast'
import { useWithdrawPledge } from '../api/withdraw-pledge'
import { withdrawReason } from '../schemas'

interface WithdrawDialogProps {
  open: boolean
  request: Pick<SponsorshipRequest, 'id' | 'title'>
  pledge: Pledge
  onClose: () => void
}

/** Withdraw the member's pledge, with the reason the poster reads in Messages. */
export function WithdrawDialog({ open, request, pledge, onClose }: WithdrawDialogProps) {
  const withdraw = useWithdrawPledge(request.id, pledge.id)
  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      title="Withdraw your pledge"
      description={`Withdraw your pledge of ${formatUsd(pledge.amount)} to “${request.title}”? The poster reads your reason.`}
      label="Why are you withdrawing?"
      {...withdrawReason}
      submitLabel="Withdraw pledge"
      pending={withdraw.isPending}
      onSubmit={async (reason, setError) => {
        try {
          const done = await withdraw.mutateAsync(reason)
          toast({
            title: 'Pledge withdrawn',
            description:
              done.request.status === 'open'
                ? 'The poster has your reason, and the request is open to sponsors again.'
                : 'The poster has your reason.',
            variant: 'success',
          })
        } catch (error) {
          if (error instanceof ApiError && error.fieldErrors.reason) {
            setError(error.fieldErrors.reason)
            return false
          }
          toast({ title: 'Could not withdraw the pledge', description: errorMessage(error), variant: 'destructive' })
        }
        return true
      }}
    />
  )
}
