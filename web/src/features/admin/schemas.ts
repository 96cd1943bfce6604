import { z } from 'zod/mini'
import { boundedText } from '@/lib/bounded-text'
import { limits } from '@/lib/limits.gen'

export const REASON_MAX = limits.reason

/** Reject dialog; the server's messages (docs/api/admin.md). */
export const rejectSchema = z.object({
  reason: boundedText('Reason', REASON_MAX, { requiredMessage: 'A reason is required to reject a listing' }),
})

export type RejectInput = z.infer<typeof rejectSchema>
