import { z } from 'zod/mini'
import { limits } from '@/lib/limits.gen'
import { boundedText } from '@/lib/bounded-text'
import { isCalendarDay, utcDay } from '@/lib/dates'
import { criteriaSchema, emptyCriteria, toCriteriaPayload } from './criteria'
import { emptyPackages, packagesSchema, toPackagesPayload } from './tiers'
import type { Tier } from '@/lib/tiers'

const AMOUNT_MESSAGE = 'Amount must be greater than 0'

/** The creation form, shared by both kinds; `amount` is sent as requestedAmount for requests. */
export const listingFormSchema = z.object({
  title: boundedText('Title', limits.listingTitle),
  description: boundedText('Description', limits.listingDescription),
  amount: z.coerce
    .number<string | number>({ error: AMOUNT_MESSAGE })
    .check(z.gte(1, AMOUNT_MESSAGE), z.refine(Number.isInteger, 'Amount must be a whole number')),
  categories: z.array(z.string()).check(z.minLength(1, 'Select at least one category')),
  location: boundedText('Location', limits.listingLocation, { required: false }),
  eventDate: z.string().check(
    z.refine((v) => v === '' || isCalendarDay(v), 'Event date is not a valid date'),
    z.refine((v) => v === '' || v >= earliestEventDate(), 'Event date cannot be in the past'),
  ),
  // A request's packages (docs/api/packages.md); an offer's form leaves them empty and sends none.
  ...packagesSchema,
  // An offer's rules and questions (docs/api/eligibility.md); a request's form leaves them empty and sends none.
  ...criteriaSchema,
})

export type ListingFormInput = z.input<typeof listingFormSchema>
export type ListingFormValues = z.output<typeof listingFormSchema>

export const emptyListingForm: ListingFormInput = {
  title: '',
  description: '',
  amount: 0,
  categories: [],
  location: '',
  eventDate: '',
  ...emptyPackages,
  ...emptyCriteria,
}

export function toSponsorshipPayload(v: ListingFormValues, userId: string) {
  return {
    ...toCriteriaPayload(v),
    title: v.title,
    description: v.description,
    amount: v.amount,
    location: v.location,
    categories: v.categories,
    userId,
  }
}

/** Event dates are calendar days: sent as midnight UTC. `stored`: the request's tiers on an edit. */
export function toRequestPayload(v: ListingFormValues, userId: string, stored: readonly Tier[] = []) {
  return {
    ...toPackagesPayload(v, stored),
    title: v.title,
    description: v.description,
    requestedAmount: v.amount,
    eventDate: v.eventDate ? `${v.eventDate}T00:00:00Z` : '',
    location: v.location,
    categories: v.categories,
    userId,
  }
}

/** The earliest event date the server accepts: yesterday in UTC (the day is not over everywhere). */
export function earliestEventDate(now: Date = new Date()): string {
  return utcDay(new Date(now.getTime() - 24 * 3600 * 1000))
}
