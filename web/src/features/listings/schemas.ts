import { limits } from '@/lib/limits.gen'

/** The Report dialog's reason: the server's limit and words (docs/api/admin.md). */
export const reportReason = { max: limits.reason, requiredMessage: 'Please tell us why you are reporting this listing' }

export interface ReportInput {
  reason: string
}
