import { limits } from '@/lib/limits.gen'

/** The Reject dialog's reason: the server's limit and words (docs/api/admin.md). */
export const rejectReason = { max: limits.reason, requiredMessage: 'A reason is required to reject a listing' }

export interface RejectInput {
  reason: string
}
