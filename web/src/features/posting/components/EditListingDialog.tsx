import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormDialog } from '@/components/ui/FormDialog'
import { useCategories } from '@/features/app-config'
import { listingKinds } from '@/lib/api-types.gen'
import { listingAmount, type Listing } from '@/lib/listing'
import { errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { utcDay } from '@/lib/dates'
import { toast } from '@/lib/toast'
import { useUpdateListing } from '../api/update-listing'
import { applyCriteriaErrors, criteriaValuesOf, emptyCriteria } from '../criteria'
import { applyPackagesErrors, emptyPackages, packagesValuesOf } from '../tiers'
import { listingFormSchema, toRequestPayload, toSponsorshipPayload, type ListingFormInput, type ListingFormValues } from '../schemas'
import { ListingFormFields } from './ListingFormFields'

const formFields = ['title', 'description', 'amount', 'categories', 'location', 'eventDate'] as const

function valuesOf(listing: Listing): ListingFormInput {
  return {
    title: listing.item.title,
    description: listing.item.description,
    amount: listingAmount(listing),
    categories: listing.item.categories,
    location: listing.item.location,
    eventDate: listing.kind === 'requests' && listing.item.eventDate ? listing.item.eventDate.slice(0, 10) : '',
    ...(listing.kind === 'requests' ? packagesValuesOf(listing.item) : emptyPackages),
    ...(listing.kind === 'sponsorships' ? criteriaValuesOf(listing.item) : emptyCriteria),
  }
}

/** The first calendar day (UTC) whose event has not passed: today. */
const firstOpenDay = () => utcDay(new Date())

/**
 * The posting form, filled in with the listing; saving sends it back to moderation. With `reopen` (a
 * request whose event date passed) a new date from today on reopens it on the server.
 */
export function EditListingDialog({ listing, reopen = false, onClose }: { listing: Listing; reopen?: boolean; onClose: () => void }) {
  const categories = useCategories()
  const update = useUpdateListing(listing.kind, listing.item.id)
  const form = useForm<ListingFormInput, unknown, ListingFormValues>({
    resolver: zodResolver(listingFormSchema),
    defaultValues: valuesOf(listing),
  })
  const rejected = listing.item.reviewed && !listing.item.approved
  const stored = (listing.kind === 'requests' && listing.item.tiers) || []

  const onSubmit = form.handleSubmit((values) => {
    if (reopen && values.eventDate !== '' && values.eventDate < firstOpenDay()) {
      form.setError('eventDate', { message: 'Choose a date from today on to reopen the request' }, { shouldFocus: true })
      return
    }
    const { userId: _ignored, ...payload } =
      listing.kind === 'sponsorships' ? toSponsorshipPayload(values, '') : toRequestPayload(values, '', stored)
    void _ignored
    update.mutate(payload, {
      onSuccess: (saved) => {
        if (reopen && saved.status === 'open') {
          toast({ title: 'Request reopened', description: 'It takes sponsors again. Changes go back to moderation.', variant: 'success' })
          onClose()
          return
        }
        toast({
          title: 'Listing updated',
          description: rejected
            ? 'It is back in the moderation queue; others see it once an administrator approves it.'
            : 'Changes go back to moderation.',
          variant: 'success',
        })
        onClose()
      },
      onError: (error) => {
        const focused = applyFieldErrors(error, form.setError, formFields, { requestedAmount: 'amount' }) > 0
        // A request's form has packages, an offer's criteria: only one of them answers.
        applyPackagesErrors(error, form.setError, !focused)
        applyCriteriaErrors(error, form.setError, !focused)
        toast({ title: 'Could not update the listing', description: errorMessage(error), variant: 'destructive' })
      },
    })
  })

  return (
    <FormDialog
      open
      onClose={onClose}
      size="lg"
      title={`Edit ${listingKinds[listing.kind].label}`}
      description={
        reopen
          ? 'Its event date has passed. Choose a new date: saving reopens the request (and sends it back to moderation).'
          : rejected
            ? 'Editing a rejected listing sends it for review again.'
            : 'An edit goes back to moderation.'
      }
      onSubmit={onSubmit}
      submitLabel="Save changes"
      pending={update.isPending}
      cancelDisabled={update.isPending}
    >
      <ListingFormFields
        kind={listing.kind}
        form={form}
        categories={categories}
        storedTiers={stored}
        first={reopen ? 'eventDate' : 'title'}
      />
    </FormDialog>
  )
}
