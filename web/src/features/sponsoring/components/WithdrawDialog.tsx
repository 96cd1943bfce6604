import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { TextAreaField } from '@/components/ui/Field'
import { errorMessage } from '@/lib/api'
import type { Pledge } from '@/lib/api-types.gen'
import { formatUsd } from '@/lib/format'
import { applyFieldErrors } from '@/lib/form-errors'
import type { SponsorshipRequest } from '@/lib/listing'
import { toast } from '@/lib/toast'
import { useWithdrawPledge } from '../api/withdraw-pledge'
import { WITHDRAW_REASON_MAX, withdrawSchema, type WithdrawValues } from '../schemas'

interface WithdrawDialogProps {
  open: boolean
  request: Pick<SponsorshipRequest, 'id' | 'title'>
  pledge: Pledge
  onClose: () => void
}

/** Withdraw the member's pledge, with the reason the poster reads in Messages. */
export function WithdrawDialog({ open, request, pledge, onClose }: WithdrawDialogProps) {
  const withdraw = useWithdrawPledge(request.id, pledge.id)
  const form = useForm<WithdrawValues>({ resolver: zodResolver(withdrawSchema), defaultValues: { reason: '' } })
  const length = useWatch({ control: form.control, name: 'reason' }).length

  const submit = form.handleSubmit(async ({ reason }) => {
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
      form.reset()
      onClose()
    } catch (error) {
      if (applyFieldErrors(error, form.setError, ['reason'])) return
      toast({ title: 'Could not withdraw the pledge', description: errorMessage(error), variant: 'destructive' })
      onClose()
    }
  })

  const formId = `withdraw-${pledge.id}`
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Withdraw your pledge"
      description={`Withdraw your pledge of ${formatUsd(pledge.amount)} to “${request.title}”? The poster reads your reason.`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={withdraw.isPending}>
            Withdraw pledge
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextAreaField
          label="Why are you withdrawing?"
          rows={4}
          maxLength={WITHDRAW_REASON_MAX}
          error={form.formState.errors.reason?.message}
          data-autofocus
          {...form.register('reason')}
        />
        <p className="text-right text-xs text-base-content/75" aria-live="polite">
          {length} / {WITHDRAW_REASON_MAX}
        </p>
      </form>
    </Dialog>
  )
}
