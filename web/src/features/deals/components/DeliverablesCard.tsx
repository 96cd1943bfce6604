import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { CheckIcon } from '@/components/ui/icons'
import type { Deal, Deliverable } from '@/lib/api-types.gen'
import { formatDate } from '@/lib/dates'
import type { RunStep } from '../api/deals'
import { DealPicture } from '@/components/ui/DealPicture'
import { DeliverablesDialog } from './DeliverablesDialog'
import { ProofDialog } from './ProofDialog'
import { ProofNote } from './ProofNote'

interface DeliverablesCardProps {
  deal: Deal
  meId: string
  otherName: string
  pending: boolean
  run: RunStep
}

/** The deal's deliverables: the agreed list with each one's proof, a waiting proposal, and their dialogs. */
export function DeliverablesCard({ deal, meId, otherName, pending, run }: DeliverablesCardProps) {
  const [proposing, setProposing] = useState(false)
  const [delivering, setDelivering] = useState<Deliverable | null>(null)
  const s = deal.status
  const sponsor = deal.sponsor.id === meId
  const changeable = s === 'negotiating' || s === 'agreed' || s === 'funded'
  const proposalMine = deal.proposedBy === meId

  return (
    <>
      <section aria-labelledby="deliverables-heading" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-3 p-5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="deliverables-heading" className="text-lg font-semibold">
              Deliverables
            </h2>
            {changeable && (
              <Button size="sm" variant="outline" onClick={() => setProposing(true)}>
                {deal.deliverables.length > 0 ? 'Propose a change' : 'Propose deliverables'}
              </Button>
            )}
          </div>
          {deal.deliverables.length === 0 ? (
            <p className="text-sm text-base-content/75">Nothing agreed yet.</p>
          ) : (
            <ul className="divide-y divide-base-300" data-testid="deliverables">
              {deal.deliverables.map((d) => (
                <li key={d.id} className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="deliverable">
                  <div className="min-w-0 space-y-1">
                    <p className="font-medium break-words">
                      {d.doneAt && <CheckIcon className="mr-1 inline size-4 text-success" aria-label="Delivered" />}
                      {d.title}
                    </p>
                    <p className="text-sm text-base-content/75">
                      {d.due ? `Due ${formatDate(d.due)}` : 'No due date'}
                      {d.doneAt ? ` · delivered ${formatDate(d.doneAt)}` : ''}
                    </p>
                    <Proof deal={deal} deliverable={d} />
                  </div>
                  {s === 'funded' && !sponsor && !d.doneAt && (
                    <Button size="sm" onClick={() => setDelivering(d)}>
                      Mark delivered
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {/* a proposal nobody agreed to ends with the deal's changes: none is waiting once it is delivered, completed or cancelled */}
          {changeable && deal.proposal.length > 0 && (
            <div className="space-y-2 rounded-box border border-primary/40 bg-base-200 p-4" data-testid="proposal">
              <h3 className="font-semibold">{proposalMine ? 'Your proposal' : `${otherName} proposes`}</h3>
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {deal.proposal.map((d) => (
                  <li key={d.id}>
                    {d.title}
                    {d.due ? ` (due ${formatDate(d.due)})` : ''}
                  </li>
                ))}
              </ul>
              {proposalMine ? (
                <p className="text-sm text-base-content/75">Waiting for {otherName} to agree.</p>
              ) : (
                <Button
                  size="sm"
                  loading={pending}
                  onClick={() => void run({ step: 'agree', body: { version: deal.version } }, 'Deliverables agreed')}
                >
                  Agree to these deliverables
                </Button>
              )}
            </div>
          )}
        </div>
      </section>

      <DeliverablesDialog
        open={proposing}
        onClose={() => setProposing(false)}
        current={deal.deliverables}
        pending={pending}
        onSubmit={(items) =>
          run(
            { step: 'deliverables', body: { deliverables: items.map((d) => ({ id: d.id || undefined, title: d.title, due: d.due })) } },
            'Proposal sent',
          )
        }
      />
      <ProofDialog
        deliverable={delivering}
        onClose={() => setDelivering(null)}
        pending={pending}
        onSubmit={(values, setError) =>
          run({ step: 'done', item: delivering?.id ?? '', body: values }, 'Marked delivered', (field, message) =>
            setError(field === 'proofLink' || field === 'picture' ? field : 'proofText', message),
          )
        }
      />
    </>
  )
}

/** A delivered item's proof: the note and the link, then the picture. */
function Proof({ deal, deliverable: d }: { deal: Deal; deliverable: Deliverable }) {
  if (!d.proofText && !d.proofLink && !d.proofPicture) return null
  return (
    <div className="space-y-2 rounded-box bg-base-200 px-3 py-2 text-sm" data-testid="proof">
      <ProofNote text={d.proofText} link={d.proofLink} />
      {d.proofPicture && <DealPicture dealId={deal.id} pictureId={d.proofPicture} alt={`Proof for “${d.title}”`} />}
    </div>
  )
}
