import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/Badge'
import { BrandMark } from '@/components/ui/icons'
import type { Receipt } from '@/lib/api-types.gen'
import { formatDate } from '@/lib/dates'
import { formatMinorAmount } from '@/lib/money'
import { receiptState } from '../refunds'
import { receiptTexts } from '../texts'
import { TestModeBadge } from './TestModeBadge'

function Detail({ term, children, mono = false }: { term: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-base-content/70 uppercase">{term}</dt>
      <dd className={`mt-0.5 ${mono ? 'font-mono text-sm break-all' : ''}`}>{children}</dd>
    </div>
  )
}

/** A printable receipt: seller, member, what was bought, the ids Razorpay knows it by, and refunds. */
export function ReceiptDocument({ receipt: r }: { receipt: Receipt }) {
  const state = receiptState(r)
  const money = (paise: number) => formatMinorAmount(paise, r.currency)
  const fullyRefunded = r.status === 'refunded'
  return (
    <article
      aria-labelledby="receipt-title"
      className="card mx-auto w-full max-w-3xl border border-base-300 bg-base-100 shadow-sm print:max-w-none print:border-0 print:shadow-none"
    >
      <div className="card-body gap-6 p-5 sm:p-8 print:p-0">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-base-300 pb-5">
          <div className="flex items-center gap-2 text-lg font-bold tracking-tight">
            <BrandMark className="size-8 text-primary" />
            <span>
              Sponsor<span className="text-primary">Bridge</span>
            </span>
          </div>
          <div className="sm:text-right print:text-right">
            <h1 id="receipt-title" className="text-2xl font-bold">
              Receipt
            </h1>
            <p className="font-mono text-sm text-base-content/80" data-testid="receipt-number">
              {r.number}
            </p>
            <div className="mt-2 flex flex-wrap gap-1 sm:justify-end print:justify-end">
              <Badge className={state.className}>{state.label}</Badge>
              {r.sandbox && <TestModeBadge />}
            </div>
          </div>
        </header>

        {r.sandbox && (
          <p role="note" className="rounded-box border border-warning bg-warning/15 p-3 text-sm">
            {receiptTexts.testMode}
          </p>
        )}
        {fullyRefunded && (
          <p role="note" className="rounded-box border border-base-300 bg-base-200 p-3 text-sm font-medium">
            Refunded on {formatDate(r.refundedAt)}: {money(r.refundedAmount)} returned to the original payment method.
          </p>
        )}

        <div className="grid gap-6 sm:grid-cols-2">
          <section aria-labelledby="receipt-from">
            <h2 id="receipt-from" className="text-xs font-medium tracking-wide text-base-content/70 uppercase">
              From
            </h2>
            <address className="mt-1 not-italic" data-testid="receipt-seller">
              <p className="font-semibold">{r.seller.name}</p>
              {r.seller.address && <p className="whitespace-pre-line text-base-content/85">{r.seller.address}</p>}
              {r.seller.email && <p className="text-base-content/85">{r.seller.email}</p>}
              {r.seller.gstin && <p className="text-base-content/85">GSTIN: {r.seller.gstin}</p>}
            </address>
          </section>
          <section aria-labelledby="receipt-to">
            <h2 id="receipt-to" className="text-xs font-medium tracking-wide text-base-content/70 uppercase">
              Billed to
            </h2>
            <address className="mt-1 not-italic">
              <p className="font-semibold">{r.billedTo.displayName || 'Former member'}</p>
              {r.billedTo.username && <p className="text-base-content/85">@{r.billedTo.username}</p>}
              {r.billedTo.email && <p className="text-base-content/85">{r.billedTo.email}</p>}
            </address>
          </section>
        </div>

        <dl className="grid gap-4 rounded-box bg-base-200 p-4 sm:grid-cols-2 print:bg-transparent print:p-0">
          <Detail term="Paid on">{formatDate(r.paidAt)}</Detail>
          <Detail term="Payment method">{r.sandbox ? 'Sandbox (test mode)' : 'Razorpay'}</Detail>
          <Detail term="Order id" mono>
            {r.orderId}
          </Detail>
          <Detail term="Payment id" mono>
            {r.paymentId}
          </Detail>
        </dl>

        <table className="w-full text-left text-sm">
          <caption className="sr-only">What was paid for</caption>
          <thead className="border-b border-base-300 text-base-content/80">
            <tr>
              <th scope="col" className="py-2 font-medium">
                Description
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-base-300">
              <td className="py-3">
                <p className="font-medium">{r.planName}</p>
                <p className="text-base-content/75">
                  SponsorBridge subscription, {r.months} {r.months === 1 ? 'month' : 'months'}: post one new listing per day
                </p>
              </td>
              <td className="py-3 text-right align-top whitespace-nowrap">{money(r.amount)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pt-3 font-semibold">
                Total paid
              </th>
              <td className="pt-3 text-right text-base font-semibold whitespace-nowrap" data-testid="receipt-total">
                {money(r.amount)}
              </td>
            </tr>
            {r.refunds.map((f) => (
              <tr key={f.id} data-testid="receipt-refund">
                <th scope="row" className="pt-1 font-normal text-base-content/85">
                  Refunded on {formatDate(f.processedAt)} <span className="font-mono text-xs">({f.id})</span>
                </th>
                <td className="pt-1 text-right whitespace-nowrap">−{money(f.amount)}</td>
              </tr>
            ))}
            {r.refunds.length > 0 && (
              <tr>
                <th scope="row" className="pt-2 font-semibold">
                  Net amount
                </th>
                <td className="pt-2 text-right font-semibold whitespace-nowrap">{money(r.amount - r.refundedAmount)}</td>
              </tr>
            )}
          </tfoot>
        </table>

        <footer className="space-y-1 border-t border-base-300 pt-4 text-sm text-base-content/75">
          <p>{receiptTexts.thanks}</p>
          <p>
            {receiptTexts.currencyNote}
            {r.seller.email && <> Questions about this payment: {r.seller.email}.</>}
          </p>
        </footer>
      </div>
    </article>
  )
}
