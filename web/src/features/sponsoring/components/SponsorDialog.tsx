import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormDialog } from '@/components/ui/FormDialog'
import { TextField } from '@/components/ui/Field'
import { errorMessage } from '@/lib/api'
import { formatUsd } from '@/lib/money'
import { applyFieldErrors } from '@/lib/form-errors'
import { openAmount, type SponsorshipRequest } from '@/lib/listing'
import { toast } from '@/lib/toast'
import { SponsorConflict, useSponsorRequest } from '../api/sponsor-request'
import { pledgeSchema, type PledgeValues } from '../schemas'
import { MessageField } from './MessageField'

interface SponsorDialogProps {
  open: boolean
  request: Pick<SponsorshipRequest, 'id' | 'title' | 'requestedAmount' | 'pledgedAmount'>
  onClose: () => void
}

/** Pledge to an open Sponsorship Request: an amount (what is still open unless changed) and an optional message. */
export function SponsorDialog({ open, request, onClose }: SponsorDialogProps) {
  const sponsor = useSponsorRequest(request.id)
  const stillOpen = openAmount(request)
  const pledged = request.pledgedAmount ?? 0
  const form = useForm<PledgeValues>({
    resolver: zodResolver(pledgeSchema(stillOpen)),
    defaultValues: { amount: String(stillOpen), message: '' },
  })
  const length = useWatch({ control: form.control, name: 'message' }).length

  const submit = form.handleSubmit(async ({ amount, message }) => {
    try {
      const pledge = await sponsor.mutateAsync({ amount: Number(amount), message: message.trim() })
      toast(
        pledge.request.status === 'sponsored'
          ? { title: 'Sponsorship confirmed', description: 'You have successfully sponsored this project', variant: 'success' }
          : { title: 'Pledge confirmed', description: `You pledged ${formatUsd(pledge.amount)} to this project.`, variant: 'success' },
      )
      form.reset()
      onClose()
    } catch (error) {
      if (applyFieldErrors(error, form.setError, ['amount', 'message'])) return
      // Less is open than the pledge (another sponsor came first): say how much, and let the member pledge that.
      if (error instanceof SponsorConflict && error.requestStatus === 'open') {
        form.setError('amount', { message: error.message }, { shouldFocus: true })
        return
      }
      // Nothing is open any more, and every other failure: say so; the lists refetch on their own.
      toast({ title: 'Could not sponsor', description: errorMessage(error), variant: 'destructive' })
      onClose()
    }
  })

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Sponsor This Project"
      description={
        pledged > 0
          ? `${formatUsd(pledged)} of ${formatUsd(request.requestedAmount)} is pledged to “${request.title}”; ${formatUsd(stillOpen)} is still open.`
          : `“${request.title}” asks for ${formatUsd(request.requestedAmount)}. Pledge all of it or a part.`
      }
      onSubmit={submit}
      submitLabel="Confirm"
      pending={sponsor.isPending}
      formClassName="flex flex-col gap-3"
    >
      <TextField
        label="Amount to pledge (USD)"
        type="number"
        min={1}
        max={stillOpen}
        step={1}
        inputMode="numeric"
        hint={`At most ${formatUsd(stillOpen)}, what is still open.`}
        error={form.formState.errors.amount?.message}
        data-autofocus
        {...form.register('amount')}
      />
      <MessageField
        label="Message to the poster (optional)"
        first={false}
        length={length}
        error={form.formState.errors.message?.message}
        registration={form.register('message')}
      />
    </FormDialog>
  )
}
