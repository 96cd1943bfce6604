import { useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { TextAreaField } from '@/components/ui/Field'
import { ApiError, errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useReportListing } from '../api/report-listing'
import { REPORT_REASON_MAX, reportSchema, type ReportInput } from '../schemas'
import type { Listing } from '@/lib/listing'

interface ReportDialogProps {
  listing: Listing
  onClose: () => void
  /** The report went in, or the member had reported the listing before. */
  onReported: () => void
}

/** "Report listing": why, in at most REPORT_REASON_MAX characters. Mounted fresh for each report. */
export function ReportDialog({ listing, onClose, onReported }: ReportDialogProps) {
  const formId = useId()
  const report = useReportListing()
  const form = useForm<ReportInput>({ resolver: zodResolver(reportSchema), defaultValues: { reason: '' } })
  const length = useWatch({ control: form.control, name: 'reason' }).length

  const onSubmit = form.handleSubmit(({ reason }) =>
    report.mutate(
      { kind: listing.kind, id: listing.item.id, reason },
      {
        onSuccess: () => {
          toast({ title: 'Report sent', description: 'Thank you. An administrator will review this listing.', variant: 'success' })
          onReported()
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            toast({ title: error.message })
            onReported()
            return
          }
          if (applyFieldErrors(error, form.setError, ['reason'])) return
          toast({ title: 'Report failed', description: errorMessage(error), variant: 'destructive' })
        },
      },
    ),
  )

  return (
    <Dialog
      open
      onClose={onClose}
      title="Report listing"
      description={listing.item.title}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="error" loading={report.isPending}>
            Send report
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <TextAreaField
          label="Why are you reporting this listing?"
          rows={4}
          maxLength={REPORT_REASON_MAX}
          data-autofocus
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        <p className="text-right text-xs text-base-content/75" aria-live="polite">
          {length}/{REPORT_REASON_MAX}
        </p>
      </form>
    </Dialog>
  )
}
