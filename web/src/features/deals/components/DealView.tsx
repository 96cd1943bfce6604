import { useState } from 'react'
import type { Deal } from '@/lib/api-types.gen'
import { personName } from '@/lib/member'
import { useRunStep } from '../use-run-step'
import { DealHeader } from './DealHeader'
import { DealHistory } from './DealHistory'
import { DealNotices } from './DealNotices'
import { DeliverablesCard } from './DeliverablesCard'
import { EndDealActions } from './EndDealActions'
import { NextStep } from './NextStep'
import { ReasonStepDialog, type ReasonStep } from './ReasonStepDialog'
import { ReportCard } from './ReportCard'
import { RenewalCard } from './RenewalCard'
import { RenewalOf } from './RenewalOf'
import { ReviewsCard } from './ReviewsCard'
import { TrackedLinksPanel } from './TrackedLinksPanel'
import { UpdatesCard } from './UpdatesCard'

/** One deal as the signed-in member sees it, section by section, top to bottom. */
export function DealView({ deal, meId }: { deal: Deal; meId: string }) {
  const { run, pending } = useRunStep(deal.id)
  const [asking, setAsking] = useState<ReasonStep | null>(null)
  const sponsor = deal.sponsor.id === meId
  const otherName = personName(sponsor ? deal.recipient : deal.sponsor)
  return (
    <>
      <DealHeader deal={deal} />
      <RenewalOf deal={deal} />
      <DealNotices
        deal={deal}
        meId={meId}
        otherName={otherName}
        onAnswer={() => setAsking('answer')}
        onAcceptCancel={() => setAsking('cancel')}
      />
      <NextStep deal={deal} sponsor={sponsor} otherName={otherName} pending={pending} run={run} />
      <DeliverablesCard deal={deal} meId={meId} otherName={otherName} pending={pending} run={run} />
      <ReportCard deal={deal} meId={meId} />
      <TrackedLinksPanel deal={deal} />
      <EndDealActions deal={deal} onCancel={() => setAsking('cancel')} onDispute={() => setAsking('dispute')} />
      <RenewalCard deal={deal} meId={meId} otherName={otherName} />
      <ReviewsCard deal={deal} meId={meId} otherName={otherName} />
      <UpdatesCard deal={deal} sponsor={sponsor} />
      <DealHistory events={deal.events ?? []} />
      <ReasonStepDialog
        deal={deal}
        meId={meId}
        otherName={otherName}
        step={asking}
        onClose={() => setAsking(null)}
        pending={pending}
        run={run}
      />
    </>
  )
}
