import { z } from 'zod/mini'
import { limits } from '@/lib/limits.gen'

export const REPORT_REASON_MAX = limits.reason

/** The Report dialog; the server's messages (docs/api/admin.md). */
export const reportSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please tell us why you are reporting this listing'),
      z.maxLength(REPORT_REASON_MAX, `Reason must be at most ${REPORT_REASON_MAX} characters`),
    ),
})

export type ReportInput = z.infer<typeof reportSchema>
