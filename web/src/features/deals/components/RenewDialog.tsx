import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useNavigate } from 'react-router'
import { FormDialog } from '@/components/ui/FormDialog'
import { TextField } from '@/components/ui/Field'
import { ApiError, errorMessage } from '@/lib/api'
import type { Deal } from '@/lib/api-types.gen'
import { dealPath } from '@/lib/paths'
import { toast } from '@/lib/toast'
import { localToday, renewSchema, useRenewDeal, type RenewValues } from '../api/renewal'
import { renewalTexts as t } from '../renewal-texts'
import { RefusalNote } from './RefusalNote'

/**
 * The sponsor renews a completed deal: the amount (the deal's, to change if they like) and the next
 * event's date. The new deal opens and its page shows, with this deal's deliverables proposed.
 * Its opener gives it a new key each time it opens: it starts from the deal's amount again.
 */
export function RenewDialog({ deal, otherName, open, onClose }: { deal: Deal; otherName: string; open: boolean; onClose: () => void }) {
  const renew = useRenewDeal(deal.id)
  const navigate = useNavigate()
  const [refusal, setRefusal] = useState('')
  const form = useForm<RenewValues>({ resolver: zodResolver(renewSchema), defaultValues: { amount: String(deal.amount), eventDate: '' } })

  const submit = form.handleSubmit(async (values) => {
    setRefusal('')
    try {
      const renewal = await renew.mutateAsync(values)
      toast({ title: t.renewed, description: t.renewedNext(otherName), variant: 'success' })
      onClose()
      void navigate(dealPath(renewal.id))
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fieldErrors) : []
      const known = fields.filter(([field]) => field === 'amount' || field === 'eventDate')
      if (known.length > 0) {
        for (const [field, message] of known) form.setError(field as keyof RenewValues, { type: 'server', message }, { shouldFocus: true })
      } else {
        // 403, 409 (not completed, renewed already, the other side gone) and the rest: the server's sentence.
        setRefusal(errorMessage(error))
      }
    }
  })

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t.renewTitle(otherName)}
      description={t.renewDescription}
      onSubmit={submit}
      submitLabel={t.renewSubmit}
      pending={renew.isPending}
      testId="renew-dialog"
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label={t.amount}
          inputMode="numeric"
          autoComplete="off"
          error={form.formState.errors.amount?.message}
          data-autofocus
          {...form.register('amount')}
        />
        <TextField
          label={t.eventDate}
          type="date"
          min={localToday()}
          hint={t.eventDateHint}
          error={form.formState.errors.eventDate?.message}
          {...form.register('eventDate')}
        />
      </div>
      <RefusalNote message={refusal} />
    </FormDialog>
  )
}
