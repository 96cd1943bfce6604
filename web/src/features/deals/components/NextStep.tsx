import { Button } from '@/components/ui/Button'
import type { Deal } from '@/lib/api-types.gen'
import { formatDate } from '@/lib/dates'
import { formatUsd } from '@/lib/money'
import type { DealStep } from '../api/deals'

/** The one step the member is expected to take now, or who the deal waits for. */
export function NextStep({
  deal,
  sponsor,
  otherName,
  pending,
  run,
}: {
  deal: Deal
  sponsor: boolean
  otherName: string
  pending: boolean
  run: (input: DealStep, success: string) => Promise<boolean>
}) {
  let content = null
  if (deal.status === 'agreed' && sponsor && !deal.fundsSentAt) {
    content = (
      <>
        <p>Pay {otherName} directly, then tell them here.</p>
        <Button loading={pending} onClick={() => void run({ step: 'funds-sent' }, 'Marked as sent')}>
          I sent {formatUsd(deal.amount)}
        </Button>
      </>
    )
  } else if (deal.status === 'agreed' && sponsor) {
    content = <p>You marked the money sent. Waiting for {otherName} to confirm it arrived.</p>
  } else if (deal.status === 'agreed' && deal.fundsSentAt) {
    content = (
      <>
        <p>
          {otherName} marked {formatUsd(deal.amount)} as sent on {formatDate(deal.fundsSentAt)}. Confirm once it has arrived.
        </p>
        <Button loading={pending} onClick={() => void run({ step: 'funds-received' }, 'The deal is funded')}>
          The money arrived
        </Button>
      </>
    )
  } else if (deal.status === 'agreed') {
    content = <p>Waiting for {otherName} to send the money.</p>
  } else if (deal.status === 'delivered' && sponsor) {
    content = (
      <>
        <p>{otherName} delivered everything. Check the proof, then confirm.</p>
        <Button loading={pending} onClick={() => void run({ step: 'complete' }, 'Deal completed')}>
          Confirm completion
        </Button>
      </>
    )
  } else if (deal.status === 'delivered') {
    content = <p>Waiting for {otherName} to confirm completion.</p>
  }
  if (!content) return null
  return (
    <section aria-label="Next step" className="card border border-primary/40 bg-base-100 shadow-sm" data-testid="next-step">
      <div className="card-body flex-row flex-wrap items-center justify-between gap-3 p-5">{content}</div>
    </section>
  )
}
