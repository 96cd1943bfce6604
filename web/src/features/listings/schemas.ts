import { z } from 'zod/mini'
import { boundedText } from '@/lib/bounded-text'
import { limits } from '@/lib/limits.gen'

export const REPORT_REASON_MAX = limits.reason

/** The Report dialog; the server's messages (docs/api/admin.md). */
export const reportSchema = z.object({
  reason: boundedText('Reason', REPORT_REASON_MAX, { requiredMessage: 'Please tell us why you are reporting this listing' }),
})

export type ReportInput = z.infer<typeof reportSchema>
