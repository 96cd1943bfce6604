import { z } from 'zod/mini'
import { boundedText } from '@/lib/bounded-text'
import { limits } from '@/lib/limits.gen'
import { pictureFileError } from '@/lib/pictures'

export const DEAL_REASON_MAX = limits.dealReason
export const DISPUTE_MAX = limits.disputeText

/** One deliverable of a proposal: what the sponsor gets, and an optional due date. */
export const deliverablesSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        title: boundedText('Deliverable', limits.deliverableTitle, { requiredMessage: 'Say what the sponsor gets' }),
        due: z.string(),
      }),
    )
    .check(
      z.minLength(1, 'Add at least one deliverable'),
      z.maxLength(limits.deliverables, `A deal has at most ${limits.deliverables} deliverables`),
    ),
})

export type DeliverablesValues = z.infer<typeof deliverablesSchema>

/** What a proof or an update may carry: one picture, checked as lib/pictures checks it. */
const picture = z.nullable(z.custom<File>((v) => v instanceof File)).check(
  z.superRefine((file, ctx) => {
    const message = file && pictureFileError(file)
    if (message) ctx.addIssue({ code: 'custom', message, input: file })
  }),
)

/** Proof of a delivered item: a note, a link or a picture, or any of them (the server's words). */
export const proofSchema = z
  .object({
    proofText: boundedText('Proof', limits.proofText, { required: false }),
    proofLink: z.string().check(
      z.trim(),
      z.maxLength(limits.proofLink, `Link must be at most ${limits.proofLink} characters`),
      z.refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), 'Link must be a web address (https://…)'),
    ),
    picture,
  })
  .check(
    z.refine((v) => v.proofText.trim() !== '' || v.proofLink.trim() !== '' || v.picture !== null, {
      message: 'Add proof: a note, a link or a picture',
      path: ['proofText'],
    }),
  )

export type ProofValues = z.infer<typeof proofSchema>

/** An update to all the sponsors of a request: its text, and a picture if the poster adds one. */
export const updateSchema = z.object({
  body: boundedText('Update', limits.requestUpdate, { requiredMessage: 'Write the update' }),
  picture,
})

export type UpdateValues = z.infer<typeof updateSchema>

export const REVIEW_MAX = limits.reviewText
export const RATINGS = ['1', '2', '3', '4', '5'] as const

/** A review of the other side: 1–5 stars and a few words (the server's checks and words). */
export const reviewSchema = z.object({
  rating: z.string().check(z.refine((v) => (RATINGS as readonly string[]).includes(v), 'Choose a rating from 1 to 5')),
  body: boundedText('Review', REVIEW_MAX, { requiredMessage: 'Tell others how the deal went' }),
})

export type ReviewValues = z.infer<typeof reviewSchema>
