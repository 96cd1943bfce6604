import { z } from 'zod/mini'
import { boundedText } from '@/lib/bounded-text'
import { isCalendarDay, utcDay } from '@/lib/dates'
import { formatUsd } from '@/lib/money'
import { limits } from '@/lib/limits.gen'

/** A file attached to a figure or a spending line: an evidence file of this deal. */
const attached = z.nullable(z.object({ id: z.string(), kind: z.enum(['picture', 'pdf']), name: z.string(), url: z.string() }))

const whole = (v: string) => /^\d+$/.test(v.trim())

export const figureKinds = [
  { value: 'attendance', label: 'Attendance' },
  { value: 'reach', label: 'Reach' },
  { value: 'other', label: 'Other' },
] as const

/** The report's parts the recipient writes, checked as the server checks them, in its words. */
export function reportSchema(dealAmount: number, today = utcDay(new Date())) {
  const amountMessage = `Amount must be a whole number from 1 to ${dealAmount.toLocaleString()}`
  return z.object({
    figures: z
      .array(
        z.object({
          id: z.string(),
          kind: z.enum(['attendance', 'reach', 'other']),
          label: boundedText('Label', limits.reportFigureLabel, { requiredMessage: 'Name the figure' }),
          value: z
            .string()
            .check(
              z.refine((v) => whole(v) && Number(v) <= limits.reportFigureValue, 'A figure must be a whole number from 0 to 1,000,000,000'),
            ),
          asOf: z
            .string()
            .check(z.refine((v) => isCalendarDay(v) && v <= today, 'The date must be a date (YYYY-MM-DD), not in the future')),
          evidence: attached,
        }),
      )
      .check(z.maxLength(limits.reportFigures, `At most ${limits.reportFigures} figures`)),
    spending: z
      .array(
        z.object({
          id: z.string(),
          label: boundedText('Item', limits.reportSpendingLabel, { requiredMessage: 'Say what the money paid for' }),
          amount: z.string().check(z.refine((v) => whole(v) && Number(v) >= 1 && Number(v) <= dealAmount, amountMessage)),
          receipt: attached,
        }),
      )
      .check(
        z.maxLength(limits.reportSpending, `At most ${limits.reportSpending} spending lines`),
        z.refine((lines) => spentOf(lines) <= dealAmount, `The spending adds up to more than the deal's ${formatUsd(dealAmount)}`),
      ),
    summary: boundedText('Summary', limits.reportSummary, { required: false }),
  })
}

export type ReportValues = z.infer<ReturnType<typeof reportSchema>>

/** The spending lines' total as typed so far (a line not yet a whole number counts 0). */
export function spentOf(lines: readonly { amount: string }[]): number {
  return lines.reduce((sum, l) => sum + (whole(l.amount) ? Number(l.amount) : 0), 0)
}
