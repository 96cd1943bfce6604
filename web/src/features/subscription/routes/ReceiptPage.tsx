import { Link, useParams } from 'react-router'
import { Button } from '@/components/ui/Button'
import { buttonClass } from '@/components/ui/button-class'
import { ArrowLeftIcon, PrinterIcon } from '@/components/ui/icons'
import { Spinner } from '@/components/ui/Spinner'
import { ApiError } from '@/lib/api'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useReceipt } from '../api/get-receipt'
import { ReceiptDocument } from '../components/ReceiptDocument'
import { receiptTexts } from '../texts'

/** /subscription/receipts/:id: one payment's receipt, with a Print button (the print view is the receipt alone). */
export function ReceiptPage() {
  const { id = '' } = useParams()
  const query = useReceipt(id)
  useDocumentTitle(query.data ? `Receipt ${query.data.number}` : 'Receipt')

  let body
  if (query.isPending) {
    body = (
      <div className="flex items-center gap-3 py-10 text-base-content/75">
        <Spinner label={receiptTexts.loading} className="loading-md" />
        <p>{receiptTexts.loading}</p>
      </div>
    )
  } else if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404
    body = missing ? (
      <section className="mx-auto max-w-xl rounded-box border border-base-300 bg-base-100 p-6 text-center">
        <h1 className="text-2xl font-bold">{receiptTexts.notFoundTitle}</h1>
        <p className="mt-2 text-base-content/80">{receiptTexts.notFound}</p>
      </section>
    ) : (
      <p role="alert" className="py-6 font-medium text-error">
        {receiptTexts.error}
      </p>
    )
  } else {
    body = <ReceiptDocument receipt={query.data} />
  }

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 print:max-w-none print:p-0">
      <div data-print="hide" className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3">
        <Link to={paths.subscription} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          <ArrowLeftIcon className="size-4" /> Subscription
        </Link>
        {query.data && (
          <Button size="sm" onClick={() => window.print()}>
            <PrinterIcon className="size-4" /> Print receipt
          </Button>
        )}
      </div>
      {body}
    </div>
  )
}
