import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import type { Deal } from '@/lib/api-types.gen'
import { renewalTexts as t } from '../renewal-texts'
import { InviteDialog } from './InviteDialog'
import { RenewDialog } from './RenewDialog'

/**
 * A completed deal's next one: the sponsor renews it (a new deal with the same member), the recipient
 * invites the sponsor to their next request. Nothing while the other side's account is deleted.
 */
export function RenewalCard({ deal, meId, otherName }: { deal: Deal; meId: string; otherName: string }) {
  const [open, setOpen] = useState(false)
  // each opening starts the dialog afresh (the deal's amount, nothing chosen, no refusal)
  const [opening, setOpening] = useState(0)
  const sponsor = deal.sponsor.id === meId
  const other = sponsor ? deal.recipient : deal.sponsor
  if (deal.status !== 'completed' || other.deleted) return null
  return (
    <section aria-labelledby="renewal-heading" className="card border border-base-300 bg-base-100 shadow-sm" data-testid="renewal-card">
      <div className="card-body flex-row flex-wrap items-center justify-between gap-3 p-5">
        <div className="min-w-0 flex-1 basis-64 space-y-1">
          <h2 id="renewal-heading" className="text-lg font-semibold">
            {t.heading}
          </h2>
          <p className="text-sm text-base-content/80">{sponsor ? t.sponsorIntro(otherName) : t.recipientIntro(otherName)}</p>
        </div>
        <Button
          variant={sponsor ? 'primary' : 'outline'}
          onClick={() => {
            setOpening((n) => n + 1)
            setOpen(true)
          }}
        >
          {sponsor ? t.renew : t.invite}
        </Button>
      </div>
      {sponsor ? (
        <RenewDialog key={opening} deal={deal} otherName={otherName} open={open} onClose={() => setOpen(false)} />
      ) : (
        <InviteDialog key={opening} deal={deal} meId={meId} otherName={otherName} open={open} onClose={() => setOpen(false)} />
      )}
    </section>
  )
}
