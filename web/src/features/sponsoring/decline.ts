import { z } from 'zod/mini'
import { limits } from '@/lib/limits.gen'

/** A reason's key (sponsoring.DeclineReasons). */
export type DeclineReason = 'not_a_fit' | 'budget' | 'dates' | 'audience' | 'location' | 'other'

/** The reasons a poster may give, with the sentences the applicant reads (docs/api/eligibility.md). */
export const declineReasons: readonly { value: DeclineReason; label: string }[] = [
  { value: 'not_a_fit', label: "Not a fit for this sponsorship's goals" },
  { value: 'budget', label: 'The budget is already committed' },
  { value: 'dates', label: 'The dates do not work for this sponsor' },
  { value: 'audience', label: 'The audience is smaller than this sponsor needs' },
  { value: 'location', label: 'Outside the places this sponsor supports' },
  { value: 'other', label: 'Another reason' },
]

export function isDeclineReason(value: string): value is DeclineReason {
  return declineReasons.some((r) => r.value === value)
}

const chooseReason = 'Choose a reason from the list'

export const DECLINE_NOTE_MAX = limits.declineNote

/** A decline's reason (one of the list) and optional note, in the server's words. */
export const declineSchema = z.object({
  // no radio chosen reads as null
  reason: z.string(chooseReason).check(z.refine(isDeclineReason, chooseReason)),
  note: z.string().check(z.trim(), z.maxLength(DECLINE_NOTE_MAX, `Note must be at most ${DECLINE_NOTE_MAX} characters`)),
})

export type DeclineValues = z.infer<typeof declineSchema>
