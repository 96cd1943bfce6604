import { z } from 'zod/mini'
import { limits } from '@/lib/limits.gen'

export const REASON_MAX = limits.reason

/** Reject dialog; the server's messages (docs/api/admin.md). */
export const rejectSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'A reason is required to reject a listing'),
      z.maxLength(REASON_MAX, `Reason must be at most ${REASON_MAX} characters`),
    ),
})

export type RejectInput = z.infer<typeof rejectSchema>
