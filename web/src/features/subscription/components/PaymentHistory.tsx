import { useMemo } from 'react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { formatDate } from '@/lib/dates'
import { formatMinorAmount } from '@/lib/money'
import { receiptPath } from '@/lib/paths'
import { refundNote } from '../refunds'
import { usePayments } from '../api/get-payments'
import { paymentStatusClass, paymentStatusLabels } from '@/lib/subscription-status'
import { paymentHistoryTexts } from '../texts'
import { TableScroller } from '@/components/ui/TableScroller'

/** The member's own payments, newest first, 20 at a time. */
export function PaymentHistory() {
  const query = usePayments()
  const payments = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data])

  let body
  if (query.isPending) {
    body = (
      <div className="flex items-center gap-3 py-6 text-base-content/75">
        <Spinner label={paymentHistoryTexts.loading} className="loading-md" />
        <p>{paymentHistoryTexts.loading}</p>
      </div>
    )
  } else if (query.isError) {
    body = (
      <p role="alert" className="py-6 font-medium text-error">
        {paymentHistoryTexts.error}
      </p>
    )
  } else if (payments.length === 0) {
    body = <p className="py-6 text-base-content/75">{paymentHistoryTexts.empty}</p>
  } else {
    body = (
      <>
        <TableScroller label="Payment history table">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-base-300 bg-base-200 text-base-content/80">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Date
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Plan
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Amount
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Payment id
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">Receipt</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id} data-testid="payment-row" className="border-b border-base-300 last:border-0">
                  <td className="px-4 py-2 whitespace-nowrap">{formatDate(p.createdAt)}</td>
                  <td className="px-4 py-2 whitespace-nowrap">{p.planName}</td>
                  <td className="px-4 py-2 whitespace-nowrap">{formatMinorAmount(p.amount, p.currency)}</td>
                  <td className="px-4 py-2">
                    <span className="flex flex-wrap gap-1">
                      <Badge className={paymentStatusClass[p.status]}>{paymentStatusLabels[p.status]}</Badge>
                      {p.sandbox && <Badge className="badge-warning">Test</Badge>}
                    </span>
                    {p.refundedAmount > 0 && <span className="mt-1 block text-xs text-base-content/75">{refundNote(p)}</span>}
                  </td>
                  <td className="px-4 py-2 font-mono text-xs break-all">{p.paymentId || '—'}</td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {p.receiptNumber && (
                      <Link to={receiptPath(p.id)} className="link font-medium link-primary" aria-label={`Receipt ${p.receiptNumber}`}>
                        Receipt
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
        {query.hasNextPage && (
          <div className="mt-4 flex justify-center">
            <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? 'Loading more...' : 'Load more'}
            </Button>
          </div>
        )}
        {query.isFetchNextPageError && (
          <p role="alert" className="mt-2 text-sm text-error">
            {paymentHistoryTexts.error}
          </p>
        )}
      </>
    )
  }

  return (
    <section aria-labelledby="payment-history" className="space-y-3">
      <h2 id="payment-history" className="text-xl font-semibold">
        Payment history
      </h2>
      {body}
    </section>
  )
}
