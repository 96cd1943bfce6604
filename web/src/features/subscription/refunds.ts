import type { Payment, Receipt } from '@/lib/api-types.gen'
import { formatDate } from '@/lib/dates'
import { formatMinorAmount } from '@/lib/money'

/** "Refunded on Nov 22, 2026", or for a partial refund "₹250.50 refunded on Nov 22, 2026"; "" without refunds. */
export function refundNote(p: Pick<Payment, 'status' | 'refundedAmount' | 'refundedAt' | 'currency'>): string {
  if (p.refundedAmount <= 0) return ''
  const on = formatDate(p.refundedAt)
  return p.status === 'refunded' ? `Refunded on ${on}` : `${formatMinorAmount(p.refundedAmount, p.currency)} refunded on ${on}`
}

/** A receipt's state in words: "Paid", "Partly refunded" or "Refunded". */
export function receiptState(r: Pick<Receipt, 'status' | 'refundedAmount'>): { label: string; className: string } {
  if (r.status === 'refunded') return { label: 'Refunded', className: 'badge-neutral' }
  if (r.refundedAmount > 0) return { label: 'Partly refunded', className: 'badge-warning' }
  return { label: 'Paid', className: 'badge-success' }
}
