import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { errorMessage } from '@/lib/api'
import { formatUsd } from '@/lib/format'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useSponsorRequest } from '../api/sponsor-request'
import { connectMessageSchema, type ConnectMessageValues } from '../schemas'
import { MessageField } from './MessageField'

interface SponsorDialogProps {
  open: boolean
  request: { id: string; title: string; requestedAmount: number }
  onClose: () => void
}

/** Sponsor an open Sponsorship Request: a confirmation with an optional message. */
export function SponsorDialog({ open, request, onClose }: SponsorDialogProps) {
  const sponsor = useSponsorRequest(request.id)
  const form = useForm<ConnectMessageValues>({ resolver: zodResolver(connectMessageSchema), defaultValues: { message: '' } })
  const length = useWatch({ control: form.control, name: 'message' }).length

  const submit = form.handleSubmit(async ({ message }) => {
    try {
      await sponsor.mutateAsync(message.trim())
      toast({ title: 'Sponsorship confirmed', description: 'You have successfully sponsored this project', variant: 'success' })
      form.reset()
      onClose()
    } catch (error) {
      if (applyFieldErrors(error, form.setError, ['message'])) return
      // The race loser (409) and every other failure: say so; the lists refetch on their own.
      toast({ title: 'Could not sponsor', description: errorMessage(error), variant: 'destructive' })
      onClose()
    }
  })

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Sponsor This Project"
      description={`Sponsor “${request.title}” for ${formatUsd(request.requestedAmount)}?`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`sponsor-${request.id}`} loading={sponsor.isPending}>
            Confirm
          </Button>
        </>
      }
    >
      <form id={`sponsor-${request.id}`} onSubmit={submit} noValidate>
        <MessageField
          label="Message to the poster (optional)"
          length={length}
          error={form.formState.errors.message?.message}
          registration={form.register('message')}
        />
      </form>
    </Dialog>
  )
}
