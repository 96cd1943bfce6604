import { useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { PersonLink } from '@/components/ui/MemberName'
import { ReasonDialog } from '@/components/ui/ReasonDialog'
import { DealPicture } from '@/components/ui/DealPicture'
import { ApiError } from '@/lib/api'
import type { Deal } from '@/lib/api-types.gen'
import { formatDate } from '@/lib/dates'
import { formatUsd } from '@/lib/money'
import { limits } from '@/lib/limits.gen'
import { useDisputes, useResolveDispute, type DisputeOutcome } from '../api/disputes'
import type { ContactStatus } from '../types'
import { notifyError, notifySuccess } from './notify'
import { Pager } from './Pager'
import { EmptyState, QueryStatus } from './QueryStatus'
import { SegmentedFilter } from './SegmentedFilter'

const statuses = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
] as const

/** Deals in dispute, with both sides' words; an administrator completes or cancels each with a note both sides read. */
export function DisputesTab() {
  const [status, setStatus] = useState<ContactStatus>('open')
  const [page, setPage] = useState(1)
  const disputes = useDisputes(status, page)
  const resolve = useResolveDispute()
  const [deciding, setDeciding] = useState<{ deal: Deal; outcome: DisputeOutcome } | null>(null)

  return (
    <div className="space-y-4">
      <SegmentedFilter
        label="Dispute status"
        items={statuses}
        value={status}
        onChange={(value) => {
          setStatus(value)
          setPage(1)
        }}
      />
      <QueryStatus query={disputes} loading="Loading disputes">
        {() =>
          disputes.data && disputes.data.items.length > 0 ? (
            <>
              <ul className="space-y-3" aria-label="Disputes">
                {disputes.data.items.map((d) => {
                  const raisedBySponsor = d.disputedBy === d.sponsor.id
                  const raiser = raisedBySponsor ? d.sponsor : d.recipient
                  const other = raisedBySponsor ? d.recipient : d.sponsor
                  return (
                    <li key={d.id}>
                      <article
                        aria-label={d.listing.title}
                        data-testid="dispute"
                        className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm"
                      >
                        <div className="flex flex-wrap items-start justify-between gap-3">
                          <div className="min-w-0 flex-1 basis-64">
                            <h3 className="font-semibold break-words">{d.listing.title}</h3>
                            <p className="text-sm text-base-content/80">
                              {formatUsd(d.amount)} from <PersonLink person={d.sponsor} /> to <PersonLink person={d.recipient} /> · disputed{' '}
                              {formatDate(d.disputedAt)}
                            </p>
                          </div>
                          {d.status === 'disputed' ? (
                            <div className="flex flex-wrap gap-2">
                              <Button size="sm" variant="outline" onClick={() => setDeciding({ deal: d, outcome: 'completed' })}>
                                Complete the deal
                              </Button>
                              <Button size="sm" variant="outline" onClick={() => setDeciding({ deal: d, outcome: 'cancelled' })}>
                                Cancel the deal
                              </Button>
                            </div>
                          ) : (
                            <Badge className="border-green-300 bg-green-100 text-green-800">Resolved: {d.status}</Badge>
                          )}
                        </div>
                        <dl className="mt-3 space-y-2 text-sm">
                          <div>
                            <dt className="font-medium">
                              <PersonLink person={raiser} /> ({raisedBySponsor ? 'sponsor' : 'recipient'}) says
                            </dt>
                            <dd className="break-words whitespace-pre-line">{d.disputeReason}</dd>
                          </div>
                          <div>
                            <dt className="font-medium">
                              <PersonLink person={other} /> answers
                            </dt>
                            <dd className="break-words whitespace-pre-line">{d.disputeResponse || 'No answer yet.'}</dd>
                          </div>
                          {d.deliverables.length > 0 && (
                            <div>
                              <dt className="font-medium">Deliverables and their proof</dt>
                              <dd>
                                <ul className="mt-1 space-y-2" aria-label="Deliverables">
                                  {d.deliverables.map((item) => (
                                    <li key={item.id} className="rounded-box bg-base-200/60 p-2">
                                      <p className="break-words">
                                        {item.title}{' '}
                                        <span className="text-base-content/70">
                                          · {item.doneAt ? `marked done ${formatDate(item.doneAt)}` : 'not marked done'}
                                        </span>
                                      </p>
                                      {item.proofText && <p className="break-words whitespace-pre-line">{item.proofText}</p>}
                                      {item.proofLink && (
                                        <a
                                          className="link break-all"
                                          href={item.proofLink}
                                          target="_blank"
                                          rel="noopener noreferrer nofollow"
                                        >
                                          {item.proofLink}
                                        </a>
                                      )}
                                      {/* pictures are readable by administrators while the deal is disputed */}
                                      {item.proofPicture && d.status === 'disputed' && (
                                        <div className="mt-1">
                                          <DealPicture dealId={d.id} pictureId={item.proofPicture} alt={`Proof for “${item.title}”`} />
                                        </div>
                                      )}
                                    </li>
                                  ))}
                                </ul>
                              </dd>
                            </div>
                          )}
                          {d.resolution && (
                            <div>
                              <dt className="font-medium">Decision</dt>
                              <dd className="break-words whitespace-pre-line">{d.resolution}</dd>
                            </div>
                          )}
                        </dl>
                      </article>
                    </li>
                  )
                })}
              </ul>
              <Pager label="Dispute pages" list={disputes.data} onChange={setPage} />
            </>
          ) : (
            <EmptyState>{status === 'open' ? 'No open disputes.' : 'No disputes.'}</EmptyState>
          )
        }
      </QueryStatus>
      <ReasonDialog
        open={deciding !== null}
        onClose={() => setDeciding(null)}
        title={deciding?.outcome === 'completed' ? 'Complete the deal' : 'Cancel the deal'}
        description={deciding ? `“${deciding.deal.listing.title}”: both sides read your note.` : undefined}
        label="Your decision"
        noun="Note"
        requiredMessage="Tell both sides what you decided"
        max={limits.resolutionNote}
        submitLabel={deciding?.outcome === 'completed' ? 'Complete the deal' : 'Cancel the deal'}
        closeLabel="Back"
        pending={resolve.isPending}
        onSubmit={async (note, setError) => {
          if (!deciding) return false
          try {
            await resolve.mutateAsync({ id: deciding.deal.id, outcome: deciding.outcome, note })
            notifySuccess('Dispute resolved', deciding.deal.listing.title)
            return true
          } catch (error) {
            if (error instanceof ApiError && error.fieldErrors.note) {
              setError(error.fieldErrors.note)
              return false
            }
            notifyError(error)
            return true
          }
        }}
      />
    </div>
  )
}
