import { Link } from 'react-router'
import { Badge } from '@/components/ui/Badge'
import { MemberName } from '@/components/ui/MemberName'
import { paymentStatusLabels } from '@/lib/subscription-status'
import { formatDate } from '@/lib/dates'
import { formatMinorAmount } from '@/lib/money'
import { receiptPath } from '@/lib/paths'
import { adminTexts } from '../texts'
import type { SubscriptionsSummary } from '../types'
import { EmptyState } from './QueryStatus'
import { ResponsiveTable, type Column } from '@/components/ui/ResponsiveTable'

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

type RecentPayment = SubscriptionsSummary['payments']['recent'][number]

/** The recent payments' columns, the same on a phone's cards and in the table. */
function paymentColumns(planName: (id: string) => string): Column<RecentPayment>[] {
  return [
    { header: 'Order', cell: (p) => <span className="font-mono text-xs break-all">{p.orderId}</span>, className: 'whitespace-nowrap' },
    {
      header: 'Member',
      cell: (p) => (p.member ? <MemberName name={p.member.displayName || p.member.username} verified={p.member.isVerified} /> : '–'),
    },
    { header: 'Plan', cell: (p) => planName(p.plan), className: 'whitespace-nowrap' },
    { header: 'Amount', cell: (p) => formatMinorAmount(p.amount, p.currency), className: 'whitespace-nowrap' },
    {
      header: 'Status',
      cell: (p) => (
        <>
          <Badge className={statusClass(p.status)}>{statusLabel(p.status)}</Badge>
          {p.refundedAmount > 0 && (
            <span className="mt-1 block text-xs text-base-content/75">
              {formatMinorAmount(p.refundedAmount, p.currency)} refunded {formatDate(p.refundedAt)}
            </span>
          )}
        </>
      ),
      className: 'whitespace-nowrap',
    },
    { header: 'Provider', cell: (p) => p.provider },
    { header: 'Date', cell: (p) => formatDate(p.createdAt), className: 'whitespace-nowrap' },
    {
      header: 'Receipt',
      cell: (p) =>
        p.receiptNumber ? (
          <Link to={receiptPath(p.id)} className="link font-mono text-xs link-primary">
            {p.receiptNumber}
          </Link>
        ) : (
          '–'
        ),
      className: 'whitespace-nowrap',
    },
  ]
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
            <ResponsiveTable
              label="Recent payments"
              caption="The 20 most recent payments"
              rows={payments.recent}
              rowKey={(p) => p.id}
              columns={paymentColumns(planName)}
            />
          )}
        </>
      )}
    </section>
  )
}
