import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormDialog } from '@/components/ui/FormDialog'
import { Tabs } from '@/components/ui/Tabs'
import { useCategories } from '@/features/app-config'
import type { ListingKind } from '@/lib/listing'
import { ApiError, errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useCreateSponsorshipRequest } from '../api/create-sponsorship-request'
import { useCreateSponsorship } from '../api/create-sponsorship'
import {
  emptyListingForm,
  listingFormSchema,
  toRequestPayload,
  toSponsorshipPayload,
  type ListingFormInput,
  type ListingFormValues,
} from '../schemas'
import { postingTexts } from '../texts'
import { applyCriteriaErrors } from '../criteria'
import { applyPackagesErrors } from '../tiers'
import { ListingFormFields } from './ListingFormFields'
import { listingKinds } from '@/lib/api-types.gen'

const kindTabs = [
  { value: 'sponsorships', label: listingKinds.sponsorships.name },
  { value: 'requests', label: listingKinds.requests.name },
] as const

const formFields = ['title', 'description', 'amount', 'categories', 'location', 'eventDate'] as const

interface CreateListingDialogProps {
  open: boolean
  initialKind: ListingKind
  userId: string
  onClose: () => void
  /** The server answered 402: the plan ended while the form was open. */
  onPaymentRequired?: () => void
}

export function CreateListingDialog({ open, initialKind, userId, onClose, onPaymentRequired }: CreateListingDialogProps) {
  const [kind, setKind] = useState<ListingKind>(initialKind)
  const categories = useCategories()
  const createSponsorship = useCreateSponsorship()
  const createRequest = useCreateSponsorshipRequest()
  const form = useForm<ListingFormInput, unknown, ListingFormValues>({
    resolver: zodResolver(listingFormSchema),
    defaultValues: emptyListingForm,
  })
  const pending = createSponsorship.isPending || createRequest.isPending

  const onSubmit = form.handleSubmit((values) => {
    const texts = postingTexts[kind]
    const handlers = {
      onSuccess: () => {
        toast({ title: texts.success, description: texts.detail, variant: 'success' })
        form.reset(emptyListingForm)
        onClose()
      },
      onError: (error: unknown) => {
        const focused = applyFieldErrors(error, form.setError, formFields, { requestedAmount: 'amount' }) > 0
        // A request's form has packages, an offer's criteria: only one of them answers.
        applyPackagesErrors(error, form.setError, !focused)
        applyCriteriaErrors(error, form.setError, !focused)
        toast({ title: texts.failure, description: errorMessage(error), variant: 'destructive' })
        if (error instanceof ApiError && error.status === 402) onPaymentRequired?.()
      },
    }
    if (kind === 'sponsorships') createSponsorship.mutate(toSponsorshipPayload(values, userId), handlers)
    else createRequest.mutate(toRequestPayload(values, userId), handlers)
  })

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Create New Listing"
      description="Offer sponsorship money, or ask sponsors to fund your project."
      onSubmit={onSubmit}
      submitLabel={pending ? 'Publishing...' : `Post ${listingKinds[kind].name}`}
      pending={pending}
      cancelDisabled={pending}
      above={<Tabs items={kindTabs} value={kind} onChange={setKind} label="Listing type" panelId={(v) => `create-${v}`} className="mb-4" />}
    >
      <div role="tabpanel" id={`create-${kind}`} aria-labelledby={`create-${kind}-tab`}>
        <ListingFormFields kind={kind} form={form} categories={categories} />
      </div>
    </FormDialog>
  )
}
