import { z } from 'zod/mini'
import { limits } from '@/lib/limits.gen'
import { formatUsd } from '@/lib/money'

export const MESSAGE_MAX = limits.applicationMessage

/** The optional note sent with Apply and Sponsor (the server's limit). */
export const connectMessageSchema = z.object({
  message: z.string().check(z.maxLength(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`)),
})

export type ConnectMessageValues = z.infer<typeof connectMessageSchema>

const WITHDRAW_REASON_MAX = limits.withdrawReason

/** "Only $1,200 is still open on this request. Pledge at most that." (the server's 409 in the same words) */
function onlyOpenMessage(open: number): string {
  return `Only ${formatUsd(open)} is still open on this request. Pledge at most that.`
}

/** A pledge: a whole number of dollars from 1 to what is still open, and the optional message. */
export function pledgeSchema(open: number) {
  return z.object({
    amount: z.string().check(
      z.trim(),
      z.refine((v) => /^-?\d+$/.test(v), 'Amount must be a whole number'),
      z.refine((v) => !/^-?\d+$/.test(v) || Number(v) >= 1, 'Amount must be at least 1'),
      z.refine((v) => !/^\d+$/.test(v) || Number(v) < 1 || Number(v) <= open, onlyOpenMessage(open)),
    ),
    message: connectMessageSchema.shape.message,
  })
}

export type PledgeValues = z.infer<ReturnType<typeof pledgeSchema>>

/** Why a sponsor withdraws their pledge: required, the server's limit and words. */
export const withdrawReason = { max: WITHDRAW_REASON_MAX, requiredMessage: 'Tell the poster why you are withdrawing' }
