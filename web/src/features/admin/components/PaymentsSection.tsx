import { Link } from 'react-router'
import { Badge } from '@/components/ui/Badge'
import { MemberName } from '@/components/ui/MemberName'
import { paymentStatusLabels } from '@/lib/subscription-status'
import { formatDate, formatMinorAmount } from '@/lib/format'
import { receiptPath } from '@/lib/paths'
import { adminTexts } from '../texts'
import type { SubscriptionsSummary } from '../types'
import { EmptyState } from './QueryStatus'
import { TableScroller } from '@/components/ui/TableScroller'

function statusClass(status: string): string {
  if (status === 'paid') return 'bg-green-100 text-green-800 border-green-300'
  if (status === 'failed') return 'bg-red-100 text-red-800 border-red-300'
  if (status === 'refunded') return 'bg-amber-100 text-amber-900 border-amber-300'
  return 'bg-gray-100 text-gray-700 border-gray-300'
}

/** The member's words for a payment's state ("Paid", "Not completed", "Failed"). */
function statusLabel(status: string): string {
  return (paymentStatusLabels as Record<string, string>)[status] ?? status.charAt(0).toUpperCase() + status.slice(1)
}

export function PaymentsSection({ payments, plans }: { payments: SubscriptionsSummary['payments']; plans: SubscriptionsSummary['plans'] }) {
  const planName = (id: string) => plans.find((p) => p.plan === id)?.name ?? id
  return (
    <section aria-labelledby="payments-title" className="space-y-3">
      <h2 id="payments-title" className="text-lg font-semibold">
        Payments
      </h2>
      {!payments.available ? (
        <EmptyState>{adminTexts.noPayments}</EmptyState>
      ) : (
        <>
          <p className="text-sm text-base-content/80">
            {payments.count} payments recorded, {payments.paid} paid.
            {payments.totals.map((t) => (
              <span key={t.currency} className="ml-2 font-semibold">
                Paid {t.currency}: {formatMinorAmount(t.amount, t.currency)} ({t.count})
                {t.refunded > 0 && <>, refunded {formatMinorAmount(t.refunded, t.currency)}</>}
              </span>
            ))}
          </p>
          {payments.recent.length === 0 ? (
            <EmptyState>{adminTexts.noPayments}</EmptyState>
          ) : (
            <TableScroller label="Recent payments table">
              <table className="table table-sm">
                <caption className="sr-only">The 20 most recent payments</caption>
                <thead className="text-base-content/80">
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Member</th>
                    <th scope="col">Plan</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Status</th>
                    <th scope="col">Provider</th>
                    <th scope="col">Date</th>
                    <th scope="col">Receipt</th>
                  </tr>
                </thead>
                <tbody>
                  {payments.recent.map((p) => (
                    <tr key={p.id}>
                      <td className="font-mono text-xs whitespace-nowrap">{p.orderId}</td>
                      <td>
                        {p.member ? <MemberName name={p.member.displayName || p.member.username} verified={p.member.isVerified} /> : '–'}
                      </td>
                      <td className="whitespace-nowrap">{planName(p.plan)}</td>
                      <td className="whitespace-nowrap">{formatMinorAmount(p.amount, p.currency)}</td>
                      <td>
                        <Badge className={statusClass(p.status)}>{statusLabel(p.status)}</Badge>
                        {p.refundedAmount > 0 && (
                          <span className="mt-1 block text-xs whitespace-nowrap text-base-content/75">
                            {formatMinorAmount(p.refundedAmount, p.currency)} refunded {formatDate(p.refundedAt)}
                          </span>
                        )}
                      </td>
                      <td>{p.provider}</td>
                      <td className="whitespace-nowrap">{formatDate(p.createdAt)}</td>
                      <td className="whitespace-nowrap">
                        {p.receiptNumber ? (
                          <Link to={receiptPath(p.id)} className="link font-mono text-xs link-primary">
                            {p.receiptNumber}
                          </Link>
                        ) : (
                          '–'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
          )}
        </>
      )}
    </section>
  )
}
